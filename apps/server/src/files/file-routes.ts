import { and, asc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { files, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { listResource } from '../http/resource-engine.ts';
import { contentDisposition, extensionOf, storedFileOf, type FileRow } from './file-dto.ts';
import { DEFAULT_LINK_TTL_SECONDS, signFileLink, verifyFileLink } from './signed-links.ts';

const { content: _content, ...listColumns } = getTableColumns(files);

/** A caller sees the files of its organisation; an ADMIN sees all. */
function fileScope(caller: Caller): SQL | undefined {
  if (caller.role === 'ADMIN') return undefined;
  return caller.org === null ? isNull(files.ownerOrgId) : eq(files.ownerOrgId, caller.org);
}

async function fileFor(db: Db, filename: string, scope: SQL | undefined) {
  const [row] = await db
    .select()
    .from(files)
    .where(scope ? and(eq(files.name, filename), scope) : eq(files.name, filename));
  if (!row) throw new AppError('NOT_FOUND', `No file ${filename}`);
  return row;
}

function sendContent(reply: FastifyReply, row: { originalName: string; mime: string; content: Buffer }) {
  // Uploaded bytes are never rendered on the portal's origin: always a download, never sniffed or scripted.
  reply
    .type(row.mime)
    .header('content-disposition', contentDisposition(row.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  return row.content;
}

async function uploaderNames(db: Db, rows: FileRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.ownerUserId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

/** Day bounds of a `yyyy-MM-dd` or full timestamp filter. */
function dayStart(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}
function dayEndExclusive(value: string): Date {
  const start = dayStart(value);
  return value.length === 10 ? new Date(start.getTime() + 86_400_000) : start;
}

export function registerFileRoutes(r: CallRegistrar): void {
  r.serve('files.upload', async ({ caller, db, query, body, services }) => {
    const file = body.file;
    const originalName = file instanceof File && file.name !== '' ? file.name : 'file';
    const ext = extensionOf(originalName);
    const content = Buffer.from(await file.arrayBuffer());
    const [row] = await db
      .insert(files)
      .values({
        id: uuidv7(),
        name: ext ? `${uuidv7()}.${ext}` : uuidv7(),
        originalName,
        category: query.category,
        forEntity: query.for ?? null,
        mime: file.type || 'application/octet-stream',
        size: content.length,
        content,
        ownerOrgId: caller.org,
        ownerUserId: caller.userId,
        createdAt: services.config.now(),
      })
      .returning(listColumns);
    if (!row) throw new AppError('INTERNAL_ERROR');
    const names = await uploaderNames(db, [row]);
    return storedFileOf(row, names.get(caller.userId) ?? caller.userId);
  });

  r.serve('files.list', async ({ caller, db, query }) => {
    const page = await listResource<typeof files, typeof query, FileRow>(
      db,
      {
        table: files,
        columns: listColumns,
        filters: {
          category: (v: string) => eq(files.category, v),
          for: (v: string) => eq(files.forEntity, v),
          name: (v: string) => ilike(files.originalName, `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          uploadedFromDate: (v: string) => gte(files.createdAt, dayStart(v)),
          uploadedToDate: (v: string) => lt(files.createdAt, dayEndExclusive(v)),
        },
        sortKeys: {
          name: files.originalName,
          category: files.category,
          size: files.size,
          lastUpdated: files.createdAt,
          createdAt: files.createdAt,
        },
        defaultSort: [asc(files.createdAt), asc(files.id)],
      },
      query,
      fileScope(caller),
    );
    const names = await uploaderNames(db, page.content);
    return {
      ...page,
      content: page.content.map((row) => storedFileOf(row, (row.ownerUserId && names.get(row.ownerUserId)) || '-')),
    };
  });

  r.serve('files.download', async ({ caller, db, params, reply }) =>
    sendContent(reply, await fileFor(db, params.filename, fileScope(caller))),
  );

  r.serve('files.url', async ({ caller, db, params, query, services }) => {
    await fileFor(db, params.filename, fileScope(caller));
    const ttl = query.ttl ?? DEFAULT_LINK_TTL_SECONDS;
    const expiresAt = Math.floor(services.config.now().getTime() / 1000) + ttl;
    const token = signFileLink(services.config.jwtSecret, params.filename, caller.userId, expiresAt);
    const search = new URLSearchParams({ token, user: caller.userId, ttl: String(expiresAt) });
    const path = `/public/files/${encodeURIComponent(params.filename)}?${search.toString()}`;
    return {
      // The configured address, not the request's Host header: a forged Host cannot point links elsewhere.
      url: `${services.config.publicUrl}${path}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  });

  r.serve('files.publicDownload', async ({ db, params, query, services, reply }) => {
    verifyFileLink(services.config.jwtSecret, { filename: params.filename, ...query }, services.config.now());
    return sendContent(reply, await fileFor(db, params.filename, undefined));
  });

  // Common files (templates, guides) belong to no organisation; `type` narrows by category or extension.
  r.serve('files.commonDownload', async ({ db, params, query, reply }) => {
    const rows = await db
      .select()
      .from(files)
      .where(and(isNull(files.ownerOrgId), or(eq(files.originalName, params.fileName), eq(files.name, params.fileName))))
      .orderBy(asc(files.createdAt));
    const type = query.type?.toLowerCase();
    const row = rows.find(
      (f) => !type || f.category?.toLowerCase() === type || extensionOf(f.originalName) === type,
    );
    if (!row) throw new AppError('NOT_FOUND', `No common file ${params.fileName}`);
    return sendContent(reply, row);
  });
}

import { and, asc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Contract } from '@corridor/api';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { files, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Caller } from '../tenant/caller.ts';
import { listResource } from '../http/resource-engine.ts';
import { orgIdOf, type Tenant } from '../tenant/tenant.ts';
import { storedFileOf, type FileRow } from './file-dto.ts';
import { contentDisposition, extensionOf } from '../lib/file-names.ts';
import { DEFAULT_LINK_TTL_SECONDS, signFileLink } from './signed-links.ts';
import { UploadedFile, type FileStorage } from '../lib/file-storage.ts';
import { dayAfter, dayStartOf } from '../lib/day-range.ts';

const { content: _content, ...listColumns } = getTableColumns(files);

/**
 * A caller sees the files of its organisation; operations see all. Files without an owning
 * organisation (uploaded by operations) are operations' only: no merchant or TSP reaches them here.
 */
export function fileScope(tenant: Tenant | null): SQL | undefined {
  if (tenant === null) return undefined;
  return eq(files.ownerOrgId, orgIdOf(tenant));
}

export async function fileFor(db: Db, filename: string, scope: SQL | undefined): Promise<FileRow> {
  const [row] = await db
    .select(listColumns)
    .from(files)
    .where(scope ? and(eq(files.name, filename), scope) : eq(files.name, filename));
  if (!row) throw new AppError('NOT_FOUND', `No file ${filename}`);
  return row;
}

/** The content streamed from the files folder, never loaded whole. */
export async function sendContent(reply: FastifyReply, db: Db, storage: FileStorage, row: FileRow): Promise<Readable | Buffer> {
  // Uploaded bytes are never rendered on the portal's origin: always a download, never sniffed or scripted.
  reply
    .type(row.mime)
    .header('content-disposition', contentDisposition(row.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (row.storageKey) return storage.read(row.storageKey);
  // A row from before files moved to disk that start-up has not moved yet.
  const [legacy] = await db.select({ content: files.content }).from(files).where(eq(files.id, row.id));
  if (!legacy?.content) throw new AppError('NOT_FOUND', `No content for file ${row.name}`);
  return legacy.content;
}

async function uploaderNames(db: Db, rows: FileRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.ownerUserId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

/** Stores an upload as the caller's organisation's file (operations' own when the caller is an ADMIN). */
export async function storeUpload(db: Db, storage: FileStorage, caller: Caller, query: { category: string; for?: string | undefined }, file: Blob, now: Date) {
  const originalName = file instanceof File && file.name !== '' ? file.name : 'file';
  const ext = extensionOf(originalName);
  // The registrar streamed the part to storage already; a File from elsewhere is written now.
  const stored = file instanceof UploadedFile ? file.stored : await storage.write(Buffer.from(await file.arrayBuffer()));
  const [row] = await db
    .insert(files)
    .values({
      id: uuidv7(),
      name: ext ? `${uuidv7()}.${ext}` : uuidv7(),
      originalName,
      category: query.category,
      forEntity: query.for ?? null,
      mime: file.type || 'application/octet-stream',
      size: stored.size,
      storageKey: stored.key,
      sha256: stored.sha256,
      ownerOrgId: caller.org,
      ownerUserId: caller.userId,
      createdAt: now,
    })
    .returning(listColumns);
  if (!row) throw new AppError('INTERNAL_ERROR');
  if (file instanceof UploadedFile) file.keep();
  const names = await uploaderNames(db, [row]);
  return storedFileOf(row, names.get(caller.userId) ?? caller.userId);
}

type FileQuery = z.output<Contract['files.list']['query']>;

export async function listFiles(db: Db, tenant: Tenant | null, query: FileQuery) {
  const page = await listResource<typeof files, FileQuery, FileRow>(
    db,
    {
      table: files,
      columns: listColumns,
      filters: {
        category: (v: string) => eq(files.category, v),
        for: (v: string) => eq(files.forEntity, v),
        name: (v: string) => ilike(files.originalName, `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        uploadedFromDate: (v: string) => gte(files.createdAt, dayStartOf(v)),
        uploadedToDate: (v: string) => lt(files.createdAt, dayAfter(v)),
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
    fileScope(tenant),
  );
  const names = await uploaderNames(db, page.content);
  return {
    ...page,
    content: page.content.map((row) => storedFileOf(row, (row.ownerUserId && names.get(row.ownerUserId)) || '-')),
  };
}

/** A signed link to a file the caller may read; whoever holds the link may fetch it until it expires. */
export async function fileLinkFor(
  db: Db,
  caller: Caller,
  tenant: Tenant | null,
  filename: string,
  ttlSeconds: number | undefined,
  secret: string,
  now: Date,
  origin: string,
) {
  await fileFor(db, filename, fileScope(tenant));
  const expiresAt = Math.floor(now.getTime() / 1000) + (ttlSeconds ?? DEFAULT_LINK_TTL_SECONDS);
  const token = signFileLink(secret, filename, caller.userId, expiresAt);
  const search = new URLSearchParams({ token, user: caller.userId, ttl: String(expiresAt) });
  const path = `/public/files/${encodeURIComponent(filename)}?${search.toString()}`;
  return { url: `${origin}${path}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * A common file (template, guide) by name; `type` narrows by category or extension. Only files marked
 * common are served here: an operations upload without an organisation is not common.
 */
export async function commonFile(db: Db, fileName: string, type: string | undefined): Promise<FileRow> {
  const rows = await db
    .select(listColumns)
    .from(files)
    .where(and(isNull(files.ownerOrgId), eq(files.isCommon, true), or(eq(files.originalName, fileName), eq(files.name, fileName))))
    .orderBy(asc(files.createdAt));
  const wanted = type?.toLowerCase();
  const row = rows.find((f) => !wanted || f.category?.toLowerCase() === wanted || extensionOf(f.originalName) === wanted);
  if (!row) throw new AppError('NOT_FOUND', `No common file ${fileName}`);
  return row;
}

import { v7 as uuidv7 } from 'uuid';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { comment, commentBody, profileDocument, profileDocumentCreate, profileSettlement, profileSettlementCreate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { files, users, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { extensionOf } from '../lib/file-names.ts';
import { readPage, type PageRequest } from '../http/paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { merchantProfileComments, merchantProfileDocuments, merchantProfileSettlements } from './merchant-profile-schema.ts';
import { checkCycle, profileIn } from './merchant-profile-service.ts';

/** The TSP user acting on one of its merchant profiles. */
export interface ProfileActor {
  serviceProviderId: string;
  userId: string;
}

type CommentRow = typeof merchantProfileComments.$inferSelect;

function commentDto(row: CommentRow): z.input<typeof comment> {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    createdBy: { id: row.createdBy, name: row.createdByName ?? row.createdBy },
  };
}

/** The thread of a profile, oldest first; deleted comments are left out. */
export async function listComments(db: Db, tspId: string, profileId: string, query: PageRequest) {
  const profile = await profileIn(db, { serviceProviderId: tspId }, profileId, 'merchantProfileID');
  const live = and(eq(merchantProfileComments.merchantProfileId, profile.p.id), isNull(merchantProfileComments.deletedAt));
  const page = await readPage(
    query,
    db.select().from(merchantProfileComments).where(live).orderBy(asc(merchantProfileComments.createdAt), asc(merchantProfileComments.id)),
    db.select({ n: count() }).from(merchantProfileComments).where(live),
  );
  return { ...page, content: page.content.map(commentDto) };
}

function requireContent(body: z.output<typeof commentBody>): string {
  if (body.content === undefined) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'content', message: 'content is required' }]);
  return body.content;
}

export async function addComment(db: Db, actor: ProfileActor, profileId: string, body: z.output<typeof commentBody>, now: Date) {
  const profile = await profileIn(db, { serviceProviderId: actor.serviceProviderId }, profileId, 'merchantProfileID');
  const content = requireContent(body);
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  const [row] = await db
    .insert(merchantProfileComments)
    .values({ id: uuidv7(), merchantProfileId: profile.p.id, content, createdBy: actor.userId, createdByName: author?.name ?? null, createdAt: now })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR', 'The comment was not stored');
  return commentDto(row);
}

/** A live comment of the profile that the acting user wrote: another's is 403, none (or deleted) 404. */
async function ownComment(db: Db, actor: ProfileActor, profileId: string, commentId: string): Promise<CommentRow> {
  const profile = await profileIn(db, { serviceProviderId: actor.serviceProviderId }, profileId, 'merchantProfileID');
  const [row] = await db
    .select()
    .from(merchantProfileComments)
    .where(
      and(eq(merchantProfileComments.id, commentId), eq(merchantProfileComments.merchantProfileId, profile.p.id), isNull(merchantProfileComments.deletedAt)),
    );
  if (!row) throw foreignId('commentID', 'comment', commentId);
  if (row.createdBy !== actor.userId) {
    throw new AppError('FORBIDDEN', 'Only the author of a comment may change it', [{ parameter: 'commentID', message: 'was written by another user' }]);
  }
  return row;
}

export async function editComment(db: Db, actor: ProfileActor, profileId: string, commentId: string, body: z.output<typeof commentBody>, now: Date) {
  const current = await ownComment(db, actor, profileId, commentId);
  const content = requireContent(body);
  const [row] = await db.update(merchantProfileComments).set({ content, updatedAt: now }).where(eq(merchantProfileComments.id, current.id)).returning();
  return commentDto(row ?? current);
}

/** Deleting keeps the row (an audit of what was said) and hides it from the thread. */
export async function deleteComment(db: Db, actor: ProfileActor, profileId: string, commentId: string, now: Date): Promise<void> {
  const current = await ownComment(db, actor, profileId, commentId);
  await db.update(merchantProfileComments).set({ deletedAt: now }).where(eq(merchantProfileComments.id, current.id));
}

const documentColumns = {
  d: merchantProfileDocuments,
  fileName: files.name,
  originalName: files.originalName,
  uploaderName: users.name,
};

function documentDto(row: { d: typeof merchantProfileDocuments.$inferSelect; fileName: string; originalName: string; uploaderName: string | null }) {
  const dto: z.input<typeof profileDocument> = {
    id: row.d.id,
    merchantProfileId: row.d.merchantProfileId,
    name: row.d.name,
    documentType: row.d.documentType,
    fileExtension: extensionOf(row.originalName),
    fileId: row.d.fileId,
    uploadedBy: row.uploaderName ?? row.d.uploadedBy,
    lastUpdated: row.d.createdAt.toISOString(),
    url: `/files/${encodeURIComponent(row.fileName)}`,
  };
  return dto;
}

function selectDocuments(db: Db) {
  return db
    .select(documentColumns)
    .from(merchantProfileDocuments)
    .innerJoin(files, eq(files.id, merchantProfileDocuments.fileId))
    .leftJoin(users, eq(users.id, merchantProfileDocuments.uploadedBy));
}

export async function listDocuments(db: Db, tspId: string, profileId: string, query: PageRequest) {
  const profile = await profileIn(db, { serviceProviderId: tspId }, profileId, 'merchantProfileID');
  const where = eq(merchantProfileDocuments.merchantProfileId, profile.p.id);
  const page = await readPage(
    query,
    selectDocuments(db).where(where).orderBy(asc(merchantProfileDocuments.createdAt), asc(merchantProfileDocuments.id)),
    db.select({ n: count() }).from(merchantProfileDocuments).where(where),
  );
  return { ...page, content: page.content.map(documentDto) };
}

/** What a profile document may be: what the document viewer shows (spec 1: PDF, and images png, gif, jpeg, jpg). */
const VIEWABLE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/jpeg': ['jpeg', 'jpg'],
};

/**
 * Attaches a file the TSP uploaded (files of another organisation, or none, are a 404 naming fileId). Only a
 * PDF or an image whose name's extension agrees with its type is a document: anything else is a 400 naming fileId.
 */
export async function addDocument(db: Db, actor: ProfileActor, profileId: string, body: z.output<typeof profileDocumentCreate>, now: Date) {
  const profile = await profileIn(db, { serviceProviderId: actor.serviceProviderId }, profileId, 'merchantProfileID');
  const [file] = await db
    .select({ id: files.id, mime: files.mime, originalName: files.originalName })
    .from(files)
    .where(and(eq(files.id, body.fileId), eq(files.ownerOrgId, actor.serviceProviderId)));
  if (!file) throw foreignId('fileId', 'file', body.fileId);
  const extensions = VIEWABLE_TYPES[file.mime.toLowerCase()];
  if (!extensions?.includes(extensionOf(file.originalName))) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'fileId', message: 'a profile document is a PDF or an image (png, gif, jpeg, jpg) named with its extension' },
    ]);
  }
  const id = uuidv7();
  await db.insert(merchantProfileDocuments).values({
    id,
    merchantProfileId: profile.p.id,
    fileId: file.id,
    name: body.name,
    documentType: body.documentType,
    uploadedBy: actor.userId,
    createdAt: now,
  });
  const [row] = await selectDocuments(db).where(eq(merchantProfileDocuments.id, id));
  if (!row) throw new AppError('INTERNAL_ERROR', 'The document was not stored');
  return documentDto(row);
}

type SettlementRow = typeof merchantProfileSettlements.$inferSelect;

function settlementDto(row: SettlementRow, createdByName: string | null): z.input<typeof profileSettlement> {
  return {
    id: row.id,
    merchantProfileId: row.merchantProfileId,
    walletId: row.walletId,
    currency: row.currency,
    settlementCycle: { mode: row.mode, value: row.value, settlementDate: row.settlementDate },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    createdBy: row.createdBy === null ? null : { id: row.createdBy, name: createdByName ?? row.createdBy },
  };
}

export async function listSettlements(db: Db, tspId: string, profileId: string, query: PageRequest) {
  const profile = await profileIn(db, { serviceProviderId: tspId }, profileId, 'merchantProfileId');
  const where = eq(merchantProfileSettlements.merchantProfileId, profile.p.id);
  const page = await readPage(
    query,
    db
      .select({ s: merchantProfileSettlements, name: users.name })
      .from(merchantProfileSettlements)
      .leftJoin(users, eq(users.id, merchantProfileSettlements.createdBy))
      .where(where)
      .orderBy(asc(merchantProfileSettlements.createdAt), asc(merchantProfileSettlements.id)),
    db.select({ n: count() }).from(merchantProfileSettlements).where(where),
  );
  return { ...page, content: page.content.map((r) => settlementDto(r.s, r.name)) };
}

/**
 * A settlement set-up: a wallet the merchant holds at this TSP (404 naming walletId otherwise), settled
 * in that wallet's currency (400 naming currency otherwise) on the given cycle.
 */
export async function addSettlement(db: Db, actor: ProfileActor, profileId: string, body: z.output<typeof profileSettlementCreate>, now: Date) {
  const profile = await profileIn(db, { serviceProviderId: actor.serviceProviderId }, profileId, 'merchantProfileId');
  const [wallet] = await db
    .select({ id: wallets.id, currency: wallets.currencyCode })
    .from(wallets)
    .where(and(eq(wallets.id, body.walletId), eq(wallets.merchantServiceId, profile.p.merchantId), eq(wallets.serviceProviderId, actor.serviceProviderId)));
  if (!wallet) throw foreignId('walletId', 'wallet of this merchant', body.walletId);
  const currency = body.currency.toUpperCase();
  if (currency !== wallet.currency) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currency', message: `must be the wallet's currency, ${wallet.currency}` }]);
  }
  const cycle = body.settlementCycle;
  checkCycle(cycle);
  const [row] = await db
    .insert(merchantProfileSettlements)
    .values({
      id: uuidv7(),
      merchantProfileId: profile.p.id,
      walletId: wallet.id,
      currency,
      mode: cycle.mode,
      value: cycle.value,
      settlementDate: cycle.settlementDate,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR', 'The settlement was not stored');
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  return settlementDto(row, author?.name ?? null);
}

export async function deleteSettlement(db: Db, tspId: string, profileId: string, id: string): Promise<void> {
  const profile = await profileIn(db, { serviceProviderId: tspId }, profileId, 'merchantProfileId');
  const removed = await db
    .delete(merchantProfileSettlements)
    .where(and(eq(merchantProfileSettlements.id, id), eq(merchantProfileSettlements.merchantProfileId, profile.p.id)))
    .returning({ id: merchantProfileSettlements.id });
  if (removed.length === 0) throw foreignId('id', 'settlement of this profile', id);
}

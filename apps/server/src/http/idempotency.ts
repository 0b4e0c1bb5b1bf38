import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { bound, statement } from '../db/statement.ts';
import { commitWithNextStatement } from '../db/transaction.ts';
import { SQLSTATE, sqlStateOf } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { UploadedFile } from '../lib/file-storage.ts';

/** A stable digest of what was asked: the same body in another key order is the same request. */
export async function requestHash(callId: string, input: unknown): Promise<string> {
  // A blob read here (not an upload, whose digest is kept) needs its bytes: computed first, then the walk is synchronous.
  const digests = new Map<Blob, string>();
  for (const blob of blobsIn(input)) {
    digests.set(
      blob,
      createHash('sha256')
        .update(Buffer.from(await blob.arrayBuffer()))
        .digest('hex'),
    );
  }
  return canonicalDigest(input, callId, digests);
}

/**
 * sha256 (hex) of `prefix` and then the value as JSON with its keys in one order, so the same object
 * in another key order digests the same; a blob counts by its digest (`digests`, or an upload's own).
 * A payment's stored request hash is this digest of its body.
 */
export function canonicalDigest(value: unknown, prefix = '', digests: ReadonlyMap<Blob, string> = new Map()): string {
  return createHash('sha256')
    .update(prefix)
    .update(JSON.stringify(canonical(value, digests)))
    .digest('hex');
}

/** The blobs of a request other than uploads (whose digest was taken while they streamed to storage). */
function blobsIn(value: unknown, found: Blob[] = []): Blob[] {
  if (value instanceof UploadedFile) return found;
  if (value instanceof Blob) found.push(value);
  else if (Array.isArray(value)) for (const item of value) blobsIn(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) blobsIn(item, found);
  return found;
}

/** The request with every object's keys in order and each file as its digest, type and name. */
function canonical(value: unknown, digests: ReadonlyMap<Blob, string>): unknown {
  // An upload was hashed while it streamed to storage: reading it back would cost a second pass.
  if (value instanceof UploadedFile) return { blob: value.stored.sha256, type: value.type, name: value.name };
  if (value instanceof Blob) return { blob: digests.get(value), type: value.type, name: value instanceof File ? value.name : null };
  if (Array.isArray(value)) return value.map((item) => canonical(item, digests));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // In one named collation, not the process's locale: a server started with another LANG (Lithuanian puts
    // `y` before `j`) would order keys otherwise and refuse the retry of a request stored before it.
    // English is the order every stored digest was made in (the servers ran in en-US).
    for (const key of Object.keys(value).sort((a, b) => a.localeCompare(b, 'en-US'))) out[key] = canonical((value as Record<string, unknown>)[key], digests);
    return out;
  }
  return value;
}

/**
 * How long a key is kept: for ever. Nothing purges `idempotency_keys`, so a client may retry with a
 * key days later (the portal's outbox sends a top-up made offline whenever the device is back online,
 * and a lost answer is retried under the same key) and still get the first answer, never a second
 * effect. A purge, if one is ever added, must keep keys far longer than a device may stay offline.
 */
export interface StoredAnswer {
  status: number;
  response: unknown;
}

/**
 * Status of a claim whose request is still running. Claim, effect and answer commit together, so no
 * other transaction ever sees a row in this state once this server runs; rows left so by an older
 * version that crashed mid-request are taken over (see `claimKey`).
 */
const IN_FLIGHT = 0;

// Every idempotent write claims and answers its key: both statements are built once.
const claimStatement = statement((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      id: sql.placeholder('id'),
      caller: sql.placeholder('caller'),
      key: sql.placeholder('key'),
      callId: sql.placeholder('callId'),
      requestHash: sql.placeholder('requestHash'),
      status: IN_FLIGHT,
      response: null,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id }),
);
const completeStatement = statement((db) =>
  db
    .update(idempotencyKeys)
    // The answer comes as its JSON text, made once for both this row and the reply (`completeKey`).
    .set({ status: bound('status', idempotencyKeys.status), response: sql`${sql.placeholder('response')}::json` })
    .where(and(eq(idempotencyKeys.caller, sql.placeholder('caller')), eq(idempotencyKeys.key, sql.placeholder('key')))),
);

/**
 * Claims (caller, key) inside the request's transaction, before the handler runs in it. The insert
 * waits on the unique index while another transaction holds an uncommitted claim for the same key:
 * once that one commits, this answers its stored answer (a replay); once it rolls back, the claim is
 * ours. Refuses a different request under the same key.
 */
export async function claimKey(tx: Tx, claim: { caller: string; key: string; callId: string; hash: string }): Promise<StoredAnswer | null> {
  let inserted: Array<{ id: string }>;
  try {
    // A retry waits here for the first request's claim at most the connection's lock timeout (LOCK_WAIT_MS).
    inserted = await claimStatement(tx, { id: uuidv7(), caller: claim.caller, key: claim.key, callId: claim.callId, requestHash: claim.hash });
  } catch (error) {
    // A lock wait ran past `lock_timeout`.
    if (sqlStateOf(error) === SQLSTATE.lockNotAvailable) {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', undefined, [{ parameter: 'Idempotency-Key', message: 'the first request with this key is still running' }]);
    }
    throw error;
  }
  if (inserted.length > 0) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key)));
  if (!row) return claimKey(tx, claim);
  if (row.requestHash !== claim.hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', undefined, [{ parameter: 'Idempotency-Key', message: 'already used with a different request' }]);
  }
  if (row.status === IN_FLIGHT) {
    // Committed yet unanswered: only an older version crashing mid-request leaves that. Its effect,
    // if any, committed separately and cannot be told apart; the claim is taken over so the key works.
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id));
    return claimKey(tx, claim);
  }
  return { status: row.status, response: row.response };
}

/**
 * Records the answer of a claimed key in the same transaction, for replays: its status and its JSON text (null
 * for no body), the very text the reply sends. An answer was serialised twice before, once by the column's encoder
 * and again by Fastify for the reply: 14 µs a time for a transfer's 1.4 KB answer under the transfer bench.
 */
export async function completeKey(tx: Tx, caller: string, key: string, status: number, json: string | null): Promise<void> {
  // The request's last statement: its transaction's commit goes out with it.
  commitWithNextStatement(tx);
  await completeStatement(tx, { caller, key, status, response: json });
}

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** A stable digest of what was asked: the same body in another key order is the same request. */
export async function requestHash(callId: string, input: unknown): Promise<string> {
  const hash = createHash('sha256');
  hash.update(callId);
  hash.update(JSON.stringify(await canonical(input)));
  return hash.digest('hex');
}

async function canonical(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    const digest = createHash('sha256').update(Buffer.from(await value.arrayBuffer())).digest('hex');
    return { blob: digest, type: value.type, name: value instanceof File ? value.name : null };
  }
  if (Array.isArray(value)) return Promise.all(value.map(canonical));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) out[k] = await canonical(v);
    return out;
  }
  return value;
}

export interface StoredAnswer {
  status: number;
  response: unknown;
}

/** Status of a claim whose request is still running. */
const IN_FLIGHT = 0;

/**
 * Claims (caller, key) for this request before it runs, so two concurrent retries cannot both
 * create. Answers null when the claim is ours; the first answer when it was already given; refuses a
 * different request under the same key, and a key whose first request is still running.
 */
export async function claimKey(
  db: Db,
  claim: { caller: string; key: string; callId: string; hash: string },
): Promise<StoredAnswer | null> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      id: uuidv7(),
      caller: claim.caller,
      key: claim.key,
      callId: claim.callId,
      requestHash: claim.hash,
      status: IN_FLIGHT,
      response: null,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length > 0) return null;
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key)));
  if (!row) return claimKey(db, claim);
  if (row.requestHash !== claim.hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', undefined, [
      { parameter: 'Idempotency-Key', message: 'already used with a different request' },
    ]);
  }
  if (row.status === IN_FLIGHT) {
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', undefined, [
      { parameter: 'Idempotency-Key', message: 'the first request with this key is still running' },
    ]);
  }
  return { status: row.status, response: row.response };
}

/** Records the answer of a claimed key, for replays. */
export async function completeKey(db: Db, caller: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, response: answer.response ?? null })
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
}

/** A failed request frees its key: the client may retry it, corrected or not. */
export async function releaseKey(db: Db, caller: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, IN_FLIGHT)));
}

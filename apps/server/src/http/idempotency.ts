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

/** The first answer given for (caller, key); a different request under the same key is refused. */
export async function findAnswer(db: Db, caller: string, key: string, hash: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', undefined, [
      { parameter: 'Idempotency-Key', message: 'already used with a different request' },
    ]);
  }
  return { status: row.status, response: row.response };
}

export async function storeAnswer(
  db: Db,
  entry: { caller: string; key: string; callId: string; hash: string; status: number; response: unknown },
): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values({
      id: uuidv7(),
      caller: entry.caller,
      key: entry.key,
      callId: entry.callId,
      requestHash: entry.hash,
      status: entry.status,
      response: entry.response ?? null,
    })
    .onConflictDoNothing();
}

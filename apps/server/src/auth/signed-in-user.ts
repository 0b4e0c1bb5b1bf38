import type { FastifyRequest } from 'fastify';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { statement } from '../db/statement.ts';
import { sessions } from './session-tables.ts';

export type SignedInUserRow = typeof users.$inferSelect;

/**
 * The user of a token joined to its live session: one statement built once (`statement`), named, so
 * PostgreSQL plans it once per connection. Every signed-in call runs it; its columns are the user's alone,
 * a flat row, so no nested mapping per call.
 */
const lookup = statement((db) =>
  db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id), isNull(sessions.revokedAt)))
    .where(eq(users.id, sql.placeholder('userId'))),
);

export async function userOfLiveSession(db: Db, userId: string, sessionId: string): Promise<SignedInUserRow | undefined> {
  const [row] = await lookup(db, { userId, sessionId });
  return row;
}

/** The row read while authenticating, kept for the request: `/users/me` answers from it, no second read. */
const signedIn = new WeakMap<FastifyRequest, SignedInUserRow>();

export function rememberSignedInUser(request: FastifyRequest, row: SignedInUserRow): void {
  signedIn.set(request, row);
}

export function signedInUser(request: FastifyRequest): SignedInUserRow | undefined {
  return signedIn.get(request);
}

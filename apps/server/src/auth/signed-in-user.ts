import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { sessions } from './session-tables.ts';

export type SignedInUserRow = typeof users.$inferSelect;

/**
 * The user of a token joined to its live session: one named statement, prepared once per database
 * handle (PostgreSQL plans it once per connection). Every signed-in call runs it.
 */
const statements = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ user: users })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id), isNull(sessions.revokedAt)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('corridor_signed_in_user');
}

export async function userOfLiveSession(db: Db, userId: string, sessionId: string): Promise<SignedInUserRow | undefined> {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepareLookup(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, sessionId });
  return row?.user;
}

/** The row read while authenticating, kept for the request: `/users/me` answers from it, no second read. */
const signedIn = new WeakMap<FastifyRequest, SignedInUserRow>();

export function rememberSignedInUser(request: FastifyRequest, row: SignedInUserRow): void {
  signedIn.set(request, row);
}

export function signedInUser(request: FastifyRequest): SignedInUserRow | undefined {
  return signedIn.get(request);
}

import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { orgTypeOf } from '../tenant/caller.ts';
import { hashPassword } from '../lib/passwords.ts';
import { openSession, REFRESH_TOKEN_LIFETIME_SECONDS, revokeSession, revokeUserSessions, rotateRefreshToken } from './session-service.ts';
import { signInAttempts } from './session-tables.ts';
import type { TokenService } from '../http/services.ts';

/** 5 failed sign-ins for one ID from one address lock that ID for that address for 15 minutes. */
const MAX_FAILED_SIGN_INS = 5;
/** @internal */
export const LOCKOUT_MS = 15 * 60 * 1000;
/**
 * Failures of an ID from every address together, without a good sign-in between, before a short lock.
 * @internal
 */
export const MAX_FAILED_SIGN_INS_PER_ID = 100;
/** @internal */
export const ID_LOCKOUT_MS = 5 * 60 * 1000;

// Compared against when no real check may run (unknown, inactive or locked ID), so every refusal costs
// one scrypt verification, as a wrong password does.
const standInHash = hashPassword('corridor-no-such-user');

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

export interface GrantDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
}

export interface ClientInfo {
  address: string;
  userAgent?: string | undefined;
}

async function refuse(deps: GrantDeps, password: string): Promise<never> {
  await deps.verifyPassword(password, await standInHash);
  throw new AppError('INVALID_CREDENTIALS');
}

/**
 * Reserves one check of a password for (ID, address) before it runs: a single INSERT .. ON CONFLICT
 * DO UPDATE .. WHERE, so concurrent guesses cannot all read "4 failures so far". No row back means the
 * address is locked out for this ID (or already has 5 checks in flight). A lock or a quiet quarter of an
 * hour starts the count again.
 */
async function reserveCheck(db: Db, userId: string, address: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows = rowsOf<{ failures: number }>(
    await db.execute(sql`
      INSERT INTO sign_in_attempts (user_id, address, failures, locked_until, updated_at)
      VALUES (${userId}, ${address}, 1, NULL, ${at}::timestamptz)
      ON CONFLICT (user_id, address) DO UPDATE SET
        failures = CASE
          WHEN sign_in_attempts.locked_until IS NOT NULL
            OR sign_in_attempts.updated_at <= ${at}::timestamptz - make_interval(secs => ${LOCKOUT_MS / 1000})
          THEN 1 ELSE sign_in_attempts.failures + 1 END,
        locked_until = NULL,
        updated_at = EXCLUDED.updated_at
      WHERE (sign_in_attempts.locked_until IS NOT NULL AND sign_in_attempts.locked_until <= ${at}::timestamptz)
         OR (sign_in_attempts.locked_until IS NULL AND (
              sign_in_attempts.failures < ${MAX_FAILED_SIGN_INS}
              OR sign_in_attempts.updated_at <= ${at}::timestamptz - make_interval(secs => ${LOCKOUT_MS / 1000})))
      RETURNING failures`),
  );
  return rows.length > 0;
}

/** A checked password was wrong: locks the address at 5, the ID everywhere at 100; a lock signs the user out. */
async function recordFailure(db: Db, userId: string, address: string, now: Date): Promise<void> {
  const lockedHere = await db
    .update(signInAttempts)
    .set({ lockedUntil: new Date(now.getTime() + LOCKOUT_MS), updatedAt: now })
    .where(
      and(
        eq(signInAttempts.userId, userId),
        eq(signInAttempts.address, address),
        isNull(signInAttempts.lockedUntil),
        sql`${signInAttempts.failures} >= ${MAX_FAILED_SIGN_INS}`,
      ),
    )
    .returning({ userId: signInAttempts.userId });
  const reachesCap = sql`${users.failedAttempts} + 1 >= ${MAX_FAILED_SIGN_INS_PER_ID}`;
  const [counted] = await db
    .update(users)
    .set({
      failedAttempts: sql`CASE WHEN ${reachesCap} THEN 0 ELSE ${users.failedAttempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesCap} THEN ${new Date(now.getTime() + ID_LOCKOUT_MS).toISOString()}::timestamptz ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failedAttempts: users.failedAttempts });
  // A lockout means someone is guessing: whatever they may already hold is signed out too.
  if (lockedHere.length > 0 || counted?.failedAttempts === 0) await revokeUserSessions(db, userId, now);
}

/**
 * The password grant. An unknown ID, an inactive or LOCKED user, a locked-out ID and a wrong password
 * all answer the same 401 INVALID_CREDENTIALS after exactly one scrypt verification.
 */
export async function passwordGrant(deps: GrantDeps, client: ClientInfo, username: string, password: string): Promise<TokenAnswer> {
  const { db } = deps;
  const at = deps.now();
  const [user] = await db.select().from(users).where(eq(users.digit9Id, username));
  if (!user || user.status !== 'ACTIVE' || (user.lockedUntil && user.lockedUntil > at)) return refuse(deps, password);
  if (!(await reserveCheck(db, user.id, client.address, at))) return refuse(deps, password);

  if (!(await deps.verifyPassword(password, user.passwordHash))) {
    await recordFailure(db, user.id, client.address, at);
    throw new AppError('INVALID_CREDENTIALS');
  }

  await db.delete(signInAttempts).where(and(eq(signInAttempts.userId, user.id), eq(signInAttempts.address, client.address)));
  // Conditional: an administrator's LOCKED or an ID lock that landed meanwhile still wins.
  const [signedIn] = await db
    .update(users)
    .set({ failedAttempts: 0, lastLoginAt: at })
    .where(and(eq(users.id, user.id), eq(users.status, 'ACTIVE'), or(isNull(users.lockedUntil), lte(users.lockedUntil, at))))
    .returning();
  if (!signedIn) throw new AppError('INVALID_CREDENTIALS');
  const session = await openSession(db, { userId: signedIn.id, now: at, clientIp: client.address, userAgent: client.userAgent });
  return answer(deps, signedIn, session.sessionId, session.refreshToken);
}

/** The refresh grant: rotates the refresh token; any refusal is 401 INVALID_GRANT. */
export async function refreshGrant(deps: GrantDeps, refreshToken: string): Promise<TokenAnswer> {
  const { db } = deps;
  const at = deps.now();
  const rotated = await rotateRefreshToken(db, deps.tokens, refreshToken, at);
  if (!rotated) throw new AppError('INVALID_GRANT');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, rotated.userId), eq(users.status, 'ACTIVE'), or(isNull(users.lockedUntil), lte(users.lockedUntil, at))));
  if (!user) {
    await revokeSession(db, rotated.sessionId, at);
    throw new AppError('INVALID_GRANT');
  }
  return answer(deps, user, rotated.sessionId, rotated.refreshToken);
}

async function answer(deps: GrantDeps, user: typeof users.$inferSelect, sessionId: string, refreshToken: string): Promise<TokenAnswer> {
  const accessToken = await deps.tokens.issue({ userId: user.id, role: user.role, org: user.orgId, orgType: orgTypeOf(user.role) }, sessionId);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: deps.tokens.lifetimeSeconds,
    refresh_token: refreshToken,
    refresh_expires_in: REFRESH_TOKEN_LIFETIME_SECONDS,
  };
}

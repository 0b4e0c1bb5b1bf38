import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { sessionRefreshTokens, sessions, signInAttempts } from './session-tables.ts';
import type { TokenService } from '../http/services.ts';

/** The user read while authenticating, kept for the request: `/users/me` answers from it. */
export { signedInUser } from './signed-in-user.ts';

/** A sign-in lasts 30 days from the last refresh (the spec's 30-day sign-in), the portal cookie as long. */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** Only the sha256 of a refresh token is stored: a copy of the table signs nobody in. */
function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

function refreshExpiry(now: Date): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_SECONDS * 1000);
}

export interface IssuedRefresh {
  sessionId: string;
  userId: string;
  refreshToken: string;
}

/** Opens the session of a successful sign-in with its first refresh token. */
export async function openSession(
  db: Db,
  input: { userId: string; now: Date; clientIp?: string | undefined; userAgent?: string | undefined },
): Promise<IssuedRefresh> {
  const sessionId = uuidv7();
  const { token, hash } = newRefreshToken();
  const expiresAt = refreshExpiry(input.now);
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: sessionId,
      userId: input.userId,
      createdAt: input.now,
      expiresAt,
      clientIp: input.clientIp ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    });
    await tx.insert(sessionRefreshTokens).values({ tokenHash: hash, sessionId, createdAt: input.now, expiresAt });
  });
  return { sessionId, userId: input.userId, refreshToken: token };
}

/**
 * How long a refresh token just rotated is still taken, answered with the successor it already has
 * (the reuse interval of the major identity providers). On a bad line the answer of a renewal can be
 * lost after the server committed it: the portal still holds the previous token and asks again, and
 * must not be signed out for it. Two tabs renewing at the same moment meet the same rule.
 * @internal
 */
export const REFRESH_REUSE_GRACE_SECONDS = 60;

/**
 * Trades a refresh token for the next one of its session. The conditional UPDATE is the claim: of two
 * uses of one token only one finds it unrotated. The successor is a keyed function of the token
 * (`TokenService.successorOf`), so a use of the token just rotated, within REFRESH_REUSE_GRACE_SECONDS
 * and while its successor is still unused, gets that same successor again: a repeat, not a new member
 * of the family. Any other use of a rotated token (after the window, or two generations old) is a copy
 * in someone else's hands or a replay: its whole session is revoked. Null for every refusal.
 */
export async function rotateRefreshToken(db: Db, tokens: Pick<TokenService, 'successorOf'>, refreshToken: string, now: Date): Promise<IssuedRefresh | null> {
  const hash = hashRefreshToken(refreshToken);
  const nextToken = tokens.successorOf(refreshToken);
  const nextHash = hashRefreshToken(nextToken);
  const expiresAt = refreshExpiry(now);
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(sessionRefreshTokens)
      .set({ rotatedAt: now, replacedBy: nextHash })
      .from(sessions)
      .where(
        and(
          eq(sessionRefreshTokens.tokenHash, hash),
          isNull(sessionRefreshTokens.rotatedAt),
          gt(sessionRefreshTokens.expiresAt, now),
          eq(sessions.id, sessionRefreshTokens.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ sessionId: sessionRefreshTokens.sessionId, userId: sessions.userId });
    if (!claimed) return null;
    await tx.insert(sessionRefreshTokens).values({ tokenHash: nextHash, sessionId: claimed.sessionId, createdAt: now, expiresAt });
    await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, claimed.sessionId));
    return claimed;
  });
  if (rotated) return { ...rotated, refreshToken: nextToken };

  // Read after the claim failed: a concurrent claim of this token has committed by now (the UPDATE
  // waited for its row lock), so its successor is visible to this statement.
  const [known] = await db
    .select({
      sessionId: sessionRefreshTokens.sessionId,
      rotatedAt: sessionRefreshTokens.rotatedAt,
      replacedBy: sessionRefreshTokens.replacedBy,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
    })
    .from(sessionRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, sessionRefreshTokens.sessionId))
    .where(eq(sessionRefreshTokens.tokenHash, hash));
  if (!known?.rotatedAt) return null;
  const inGrace = now.getTime() - known.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
  if (inGrace && known.revokedAt === null && known.replacedBy === nextHash) {
    const [successor] = await db
      .select({ rotatedAt: sessionRefreshTokens.rotatedAt, expiresAt: sessionRefreshTokens.expiresAt })
      .from(sessionRefreshTokens)
      .where(eq(sessionRefreshTokens.tokenHash, nextHash));
    // The successor never used: whoever asks again is the one the lost answer was meant for.
    if (successor && successor.rotatedAt === null && successor.expiresAt > now) {
      return { sessionId: known.sessionId, userId: known.userId, refreshToken: nextToken };
    }
  }
  await revokeSession(db, known.sessionId, now);
  return null;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs a user out everywhere: password change or reset, LOCKED or INACTIVE, a sign-in lockout. */
export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Clears a user's failed sign-ins (its lockout count): an unlock or a password reset starts it afresh. */
export async function forgetSignInAttempts(db: Db, userId: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.userId, userId));
}

/**
 * RFC 7009: the token may be a refresh token or an access token; either way its whole session ends.
 * Unknown, expired or forged tokens change nothing (the caller answers 200 all the same).
 */
export async function revokeByToken(db: Db, tokens: TokenService, token: string, now: Date): Promise<void> {
  const [refresh] = await db
    .select({ sessionId: sessionRefreshTokens.sessionId })
    .from(sessionRefreshTokens)
    .where(eq(sessionRefreshTokens.tokenHash, hashRefreshToken(token)));
  if (refresh) {
    await revokeSession(db, refresh.sessionId, now);
    return;
  }
  const claims = await tokens.verify(token);
  if (claims) await revokeSession(db, claims.sessionId, now);
}

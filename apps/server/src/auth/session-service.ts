import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { sessionRefreshTokens, sessions } from './session-tables.ts';
import type { TokenService } from './tokens.ts';

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
 * Trades a refresh token for the next one of its session. The conditional UPDATE is the claim: of two
 * uses of one token only one finds it unrotated. A token that was already rotated is a copy in someone
 * else's hands (or a replay): its whole session is revoked. Null for every refusal.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, now: Date): Promise<IssuedRefresh | null> {
  const hash = hashRefreshToken(refreshToken);
  const next = newRefreshToken();
  const expiresAt = refreshExpiry(now);
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(sessionRefreshTokens)
      .set({ rotatedAt: now, replacedBy: next.hash })
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
    await tx.insert(sessionRefreshTokens).values({ tokenHash: next.hash, sessionId: claimed.sessionId, createdAt: now, expiresAt });
    await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, claimed.sessionId));
    return claimed;
  });
  if (rotated) return { ...rotated, refreshToken: next.token };

  const [known] = await db
    .select({ sessionId: sessionRefreshTokens.sessionId, rotatedAt: sessionRefreshTokens.rotatedAt })
    .from(sessionRefreshTokens)
    .where(eq(sessionRefreshTokens.tokenHash, hash));
  if (known?.rotatedAt) await revokeSession(db, known.sessionId, now);
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

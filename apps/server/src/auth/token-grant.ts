import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { orgTypeOf } from './caller.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { TOKEN_LIFETIME_SECONDS, type TokenService } from './tokens.ts';

/** Shared constants: 5 failures in a row lock the account for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

// Compared against when the user does not exist, so an unknown id costs as long as a wrong password.
const missingUserHash = hashPassword('corridor-no-such-user');

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** The password grant: checks the lock, the password, counts failures, and issues the JWT. */
export async function passwordGrant(
  deps: { db: Db; tokens: TokenService; now: () => Date },
  username: string,
  password: string,
): Promise<TokenAnswer> {
  const { db, now } = deps;
  const [user] = await db.select().from(users).where(eq(users.digit9Id, username));
  if (!user) {
    await verifyPassword(password, await missingUserHash);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const at = now();
  if (user.lockedUntil && user.lockedUntil > at) throw new AppError('ACCOUNT_LOCKED');
  if (user.status === 'INACTIVE') throw new AppError('INVALID_CREDENTIALS');

  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = (user.lockedUntil ? 0 : user.failedAttempts) + 1;
    if (failures >= MAX_FAILED_SIGN_INS) {
      await db
        .update(users)
        .set({ failedAttempts: 0, lockedUntil: new Date(at.getTime() + LOCKOUT_MS), status: 'LOCKED' })
        .where(eq(users.id, user.id));
      throw new AppError('ACCOUNT_LOCKED');
    }
    await db.update(users).set({ failedAttempts: failures, lockedUntil: null }).where(eq(users.id, user.id));
    throw new AppError('INVALID_CREDENTIALS');
  }

  await db
    .update(users)
    .set({ failedAttempts: 0, lockedUntil: null, status: 'ACTIVE', lastLoginAt: at })
    .where(eq(users.id, user.id));
  const accessToken = await deps.tokens.issue({
    userId: user.id,
    role: user.role,
    org: user.orgId,
    orgType: orgTypeOf(user.role),
  });
  return { access_token: accessToken, token_type: 'bearer', expires_in: TOKEN_LIFETIME_SECONDS };
}

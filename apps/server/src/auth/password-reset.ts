import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertPasswordPolicy, hashPassword } from '../lib/passwords.ts';
import { mailOutbox, passwordResetTokens } from './password-reset-tables.ts';
import { revokeUserSessions } from './session-service.ts';
import { signInAttempts } from './session-tables.ts';

/**
 * A reset link works once, for 30 minutes.
 * @internal used by its tests
 */
export const RESET_LINK_LIFETIME_MS = 30 * 60 * 1000;
/**
 * Every forgot-password request answers after at least this long, whatever it found: the time it takes
 * says nothing about whether the ID exists (the work for an existing one, two inserts, fits well within).
 * @internal used by its tests
 */
export const FORGOT_ANSWER_FLOOR_MS = 400;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

interface ResetDeps {
  db: Db;
  config: Pick<ServerConfig, 'now' | 'publicUrl' | 'logMail'>;
  log: { info: (fields: object, message: string) => void };
}

/** The mail of a reset link; the token travels in the URL's fragment, so no server or Referer sees it. */
function resetMail(publicUrl: string, name: string, token: string): { subject: string; body: string; link: string } {
  const link = `${publicUrl}/reset-password#token=${token}`;
  return {
    subject: 'Reset your Corridor password',
    body: `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your Corridor sign-in.\nSet a new one here within 30 minutes; the link works once:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    link,
  };
}

async function sendResetLink(deps: ResetDeps, digit9Id: string): Promise<void> {
  const { db, config } = deps;
  const now = config.now();
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const [user] = await db.select().from(users).where(eq(users.digit9Id, digit9Id));
  // Unknown, inactive or LOCKED: nothing is sent, and nothing in the answer says so.
  if (!user || user.status !== 'ACTIVE') return;
  const mail = resetMail(config.publicUrl, user.name, token);
  const recipient = user.email ?? `${user.digit9Id} (no e-mail address on file)`;
  await db.transaction(async (tx) => {
    // Only the newest link works: one asked for again ends those before it.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ tokenHash, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) });
    await tx.insert(mailOutbox).values({ id: uuidv7(), userId: user.id, recipient, subject: mail.subject, body: mail.body, createdAt: now });
  });
  // The demo start has no mail relay: the mail is in its log (and in mail_outbox, as anywhere).
  if (config.logMail) deps.log.info({ mail: { to: recipient, subject: mail.subject, link: mail.link } }, 'mail (demo: not sent)');
}

/** Forgot password: a reset link to the owner of the ID, when there is one; the same answer, as late, when not. */
export async function requestPasswordReset(deps: ResetDeps, digit9Id: string): Promise<void> {
  const started = performance.now();
  try {
    await sendResetLink(deps, digit9Id.trim());
  } finally {
    const left = FORGOT_ANSWER_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

const linkRefused = () => new AppError('LINK_EXPIRED', undefined, [{ parameter: 'token', message: 'is used, expired or not a reset link' }]);

/**
 * A new password with a reset link: the link is claimed by one conditional UPDATE (unused, unexpired), so
 * of two uses only one finds it. The ID's lockouts end, and every session of the user is revoked.
 */
export async function resetPasswordByLink(db: Db, input: { token: string; newPassword: string }, now: Date): Promise<void> {
  assertPasswordPolicy(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, hashOf(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), eq(users.status, 'ACTIVE')))
      .returning({ id: users.id });
    if (!updated) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, updated.id), isNull(passwordResetTokens.usedAt)));
    await tx.delete(signInAttempts).where(eq(signInAttempts.userId, updated.id));
    return updated.id;
  });
  if (!userId) throw linkRefused();
  await revokeUserSessions(db, userId, now);
}

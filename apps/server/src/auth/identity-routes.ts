import { eq } from 'drizzle-orm';
import { isValidTimeZone } from '@corridor/domain';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { currentUserOf } from '../users/user-dto.ts';
import { requestPasswordReset, resetPasswordByLink } from './password-reset.ts';

/** Forgot password (login page) and the user's own settings (PROFILE_TIME_ZONE). */
export function registerIdentityRoutes(r: CallRegistrar): void {
  r.serve('users.passwordForgot', async ({ body, db, services, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await requestPasswordReset({ db, config: services.config, log: request.log }, body.digit9Id);
    return {};
  });

  r.serve('users.passwordResetByLink', async ({ body, db, services, reply }) => {
    reply.header('cache-control', 'no-store');
    await resetPasswordByLink(db, body, services.config.now());
    return undefined;
  });

  r.serve('users.settingsUpdate', async ({ caller, body, db, services }) => {
    const zone = body.PROFILE_TIME_ZONE;
    if (zone !== null && !isValidTimeZone(zone)) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'PROFILE_TIME_ZONE', message: 'must be an IANA time zone such as Asia/Dubai' }]);
    }
    const [row] = await db.update(users).set({ timeZone: zone, updatedAt: services.config.now() }).where(eq(users.id, caller.userId)).returning();
    if (!row) throw new AppError('UNAUTHORIZED');
    return currentUserOf(row, services.config.now());
  });
}

import type { CallRegistrar } from '../http/registrar.ts';
import { requestPasswordReset, resetPasswordByLink } from './password-reset.ts';

/** Forgot password (login page); the user's own settings are the users area's (user-routes.ts). */
export function registerIdentityRoutes(r: CallRegistrar): void {
  r.serve('users.passwordForgot', async ({ body, db, services, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await requestPasswordReset({ db, config: services.config, log: request.log }, body.digit9Id);
    return {};
  });

  r.serve('users.passwordResetByLink', async ({ body, db, reply, now }) => {
    reply.header('cache-control', 'no-store');
    await resetPasswordByLink(db, body, now);
    return undefined;
  });
}

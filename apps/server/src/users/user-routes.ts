import type { Role } from '@corridor/api';
import type { CallRegistrar } from '../http/registrar.ts';
import { managedUserOf } from './user-dto.ts';
import {
  changeOwnPassword,
  createOrgUser,
  createUserAsOperations,
  deleteOrgUser,
  listOrgUsers,
  resetPassword,
  updateUser,
  userInOrg,
  userOfOwnMerchant,
  userOfOwnTsp,
} from './user-service.ts';

export function registerUserRoutes(r: CallRegistrar): void {
  for (const side of ['sp', 'merchant'] as const) {
    const role: Role = side === 'sp' ? 'SERVICE_PROVIDER' : 'MERCHANT_SERVICE';

    r.serve(side === 'sp' ? 'users.spList' : 'users.merchantList', async ({ caller, db, query, services }) =>
      listOrgUsers(db, caller.org, query, services.config.now()),
    );
    r.serve(side === 'sp' ? 'users.spCreate' : 'users.merchantCreate', async ({ caller, db, body, services }) => {
      const now = services.config.now();
      return managedUserOf(await createOrgUser(db, body, role, caller.org, caller.userId, now), now);
    });
    r.serve(side === 'sp' ? 'users.spGet' : 'users.merchantGet', async ({ caller, db, params, services }) =>
      managedUserOf(await userInOrg(db, params.id, caller.org), services.config.now()),
    );
    r.serve(side === 'sp' ? 'users.spUpdate' : 'users.merchantUpdate', async ({ caller, db, params, body, services }) => {
      const now = services.config.now();
      return managedUserOf(await updateUser(db, await userInOrg(db, params.id, caller.org), body, now), now);
    });
    r.serve(side === 'sp' ? 'users.spDelete' : 'users.merchantDelete', async ({ caller, db, params }) => {
      await deleteOrgUser(db, caller.org, params.id, caller.userId);
      return undefined;
    });
    r.serve(side === 'sp' ? 'users.spPasswordChange' : 'users.merchantPasswordChange', async ({ caller, db, body, services }) => {
      await changeOwnPassword(db, caller, body, services.config.now());
      return undefined;
    });
  }

  r.serve('users.spMerchantUserGet', async ({ tenant, db, params, services }) =>
    managedUserOf(await userOfOwnMerchant(db, tenant.serviceProviderId, params.id), services.config.now()),
  );
  r.serve('users.merchantSpUserGet', async ({ tenant, db, params, services }) =>
    managedUserOf(await userOfOwnTsp(db, tenant.merchantId, params.id), services.config.now()),
  );

  r.serve('users.internalCreate', async ({ caller, db, body, services }) => {
    const now = services.config.now();
    return managedUserOf(await createUserAsOperations(db, body, caller.userId, now), now);
  });
  r.serve('users.internalPasswordReset', async ({ db, body, services }) => {
    await resetPassword(db, body, services.config.now());
    return undefined;
  });
}

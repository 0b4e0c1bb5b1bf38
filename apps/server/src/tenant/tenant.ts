import type { SQL } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import type { Caller } from '../auth/caller.ts';
import { scopes } from '../wallets/wallet-scope.ts';

/** A merchant-service user: always acts for its own merchant. */
export interface MerchantCaller extends Caller {
  role: 'MERCHANT_SERVICE';
  org: string;
  orgType: 'MERCHANT';
}

/** A service-provider user: always acts for its own TSP. */
export interface SpCaller extends Caller {
  role: 'SERVICE_PROVIDER';
  org: string;
  orgType: 'SERVICE_PROVIDER';
}

/** Operations: no organisation, sees every tenant. */
export interface AdminCaller extends Caller {
  role: 'ADMIN';
  org: null;
  orgType: 'INTERNAL';
}

/** The merchant a call acts for, with the wallet scope every read and write of it goes through. */
export interface MerchantTenant {
  kind: 'merchant';
  merchantId: string;
  /** The merchant's own wallets. */
  scope: SQL;
}

/** The TSP a call acts for, with its wallet scopes. */
export interface SpTenant {
  kind: 'serviceProvider';
  serviceProviderId: string;
  /** Everything the TSP runs: its own accounts and its merchants' wallets. */
  scope: SQL;
  /** The TSP's own wallets and accounts. */
  own: SQL;
  /** The wallets of the TSP's merchants. */
  merchants: SQL;
}

export type Tenant = MerchantTenant | SpTenant;

export function merchantTenant(merchantId: string): MerchantTenant {
  let scope: SQL | undefined;
  return {
    kind: 'merchant',
    merchantId,
    get scope() {
      return (scope ??= scopes.merchant(merchantId));
    },
  };
}

/** A TSP's three scopes are made when a call first reads them: most calls read one, many none. */
function spTenant(serviceProviderId: string): SpTenant {
  let scope: SQL | undefined;
  let own: SQL | undefined;
  let merchants: SQL | undefined;
  return {
    kind: 'serviceProvider',
    serviceProviderId,
    get scope() {
      return (scope ??= scopes.spAll(serviceProviderId));
    },
    get own() {
      return (own ??= scopes.spOwn(serviceProviderId));
    },
    get merchants() {
      return (merchants ??= scopes.spMerchants(serviceProviderId));
    },
  };
}

/**
 * The tenant a caller acts for: its merchant or TSP, or null for operations. A merchant or TSP user
 * without an organisation cannot act for anyone (403), so no handler ever sees a null organisation.
 */
export function tenantOf(caller: Caller): Tenant | null {
  if (caller.orgType === 'INTERNAL') return null;
  if (caller.org === null) throw new AppError('FORBIDDEN');
  return caller.orgType === 'MERCHANT' ? merchantTenant(caller.org) : spTenant(caller.org);
}

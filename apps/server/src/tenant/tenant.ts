import type { SQL } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import type { Caller } from './caller.ts';
import { scopes } from './wallet-scope.ts';

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

/** Who acts in a write: the organisation (null for operations) and the user, with the name read with the session. */
export interface Actor<T extends Tenant | null = Tenant | null> {
  tenant: T;
  userId: string;
  /** Undefined when the session did not read it: services look it up when they record it. */
  userName?: string | null | undefined;
}

/** The organisation a tenant is: its merchant's or its TSP's id. */
export const orgIdOf = (tenant: Tenant): string => (tenant.kind === 'merchant' ? tenant.merchantId : tenant.serviceProviderId);

/**
 * Each scope made when first read and then kept: most calls read one of a tenant's scopes, many none.
 * Getters of a class: properties defined on each tenant made every call's object a slow one to build
 * and to read (a profile of `/users/me` under load put them beside the sign-in check).
 */
class MerchantScopes implements MerchantTenant {
  readonly kind = 'merchant' as const;
  #scope: SQL | undefined;
  constructor(readonly merchantId: string) {}
  get scope(): SQL {
    return (this.#scope ??= scopes.merchant(this.merchantId));
  }
}

class SpScopes implements SpTenant {
  readonly kind = 'serviceProvider' as const;
  #scope: SQL | undefined;
  #own: SQL | undefined;
  #merchants: SQL | undefined;
  constructor(readonly serviceProviderId: string) {}
  get scope(): SQL {
    return (this.#scope ??= scopes.spAll(this.serviceProviderId));
  }
  get own(): SQL {
    return (this.#own ??= scopes.spOwn(this.serviceProviderId));
  }
  get merchants(): SQL {
    return (this.#merchants ??= scopes.spMerchants(this.serviceProviderId));
  }
}

export function merchantTenant(merchantId: string): MerchantTenant {
  return new MerchantScopes(merchantId);
}

function spTenant(serviceProviderId: string): SpTenant {
  return new SpScopes(serviceProviderId);
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

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
 * `base` with each scope of `makers` as a property made when first read and then kept: most calls read
 * one of a tenant's scopes, many none.
 */
function withScopes<B extends object, K extends string>(base: B, makers: Record<K, () => SQL>): B & Record<K, SQL> {
  const tenant = { ...base } as B & Record<K, SQL>;
  for (const [key, make] of Object.entries<() => SQL>(makers)) {
    let made: SQL | undefined;
    Object.defineProperty(tenant, key, { enumerable: true, get: () => (made ??= make()) });
  }
  return tenant;
}

export function merchantTenant(merchantId: string): MerchantTenant {
  return withScopes({ kind: 'merchant' as const, merchantId }, { scope: () => scopes.merchant(merchantId) });
}

function spTenant(serviceProviderId: string): SpTenant {
  return withScopes(
    { kind: 'serviceProvider' as const, serviceProviderId },
    {
      scope: () => scopes.spAll(serviceProviderId),
      own: () => scopes.spOwn(serviceProviderId),
      merchants: () => scopes.spMerchants(serviceProviderId),
    },
  );
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

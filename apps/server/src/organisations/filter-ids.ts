import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations, wallets } from '../db/schema.ts';
import { applicantsOf } from '../merchant-profiles/merchant-profile-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { SpTenant, Tenant } from '../tenant/tenant.ts';

/** What the ids of a list filter name: merchants (organisations) or wallets. */
type FilterIdKind = 'merchant' | 'wallet';

/**
 * The query fields of the contract that name the caller's merchants or wallets, by name: on every call
 * they mean the same (a TSP's `spWalletIds` and `tspWalletIds` name wallets a merchant may filter by
 * without holding them, so they are not among these).
 */
const QUERY_ID_FILTERS: Record<string, FilterIdKind> = {
  merchantIds: 'merchant',
  merchantId: 'merchant',
  merchantServiceId: 'merchant',
  walletIds: 'wallet',
  walletId: 'wallet',
  msWalletIds: 'wallet',
  msWalletId: 'wallet',
};

/**
 * Every id a list's filters name is checked against the caller's organisation, as a body's ids are: a
 * foreign or unknown one is a 404 naming its field, never a page quietly narrowed to nothing (which would
 * tell a caller nothing was wrong with a mistyped or stale id). One read per filter given, none otherwise.
 * A merchant names itself only; a TSP its merchants (`merchantOfTsp`) and the wallets it runs; operations
 * (no tenant) any that exist.
 */
export async function checkFilterIds(db: Db, tenantOfCaller: () => Tenant | null, query: object): Promise<void> {
  const given = query as Record<string, unknown>;
  for (const [field, kind] of Object.entries(QUERY_ID_FILTERS)) {
    const value = given[field];
    const named = Array.isArray(value) ? value : [value];
    const ids = [...new Set(named.filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (ids.length === 0) continue;
    const tenant = tenantOfCaller();
    const found = new Set(kind === 'merchant' ? await visibleMerchants(db, tenant, ids) : await visibleWallets(db, tenant, ids));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw foreignId(field, kind === 'merchant' ? 'merchant service' : 'wallet', missing);
  }
}

/**
 * A TSP's merchants are those it onboarded (its children), those holding a wallet with it (its merchants'
 * wallets, `tenant.merchants`: a transfer into such a wallet is the TSP's too) and those that applied to it
 * (a merchant profile with it).
 */
const merchantOfTsp = (db: Db, tenant: SpTenant): SQL =>
  or(
    eq(organisations.parentId, tenant.serviceProviderId),
    inArray(organisations.id, db.select({ id: wallets.merchantServiceId }).from(wallets).where(tenant.merchants)),
    inArray(organisations.id, applicantsOf(db, tenant.serviceProviderId)),
  ) as SQL;

async function visibleMerchants(db: Db, tenant: Tenant | null, ids: string[]): Promise<string[]> {
  if (tenant?.kind === 'merchant') return ids.filter((id) => id === tenant.merchantId);
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(inArray(organisations.id, ids), eq(organisations.type, 'MERCHANT'), tenant ? merchantOfTsp(db, tenant) : undefined));
  return rows.map((r) => r.id);
}

async function visibleWallets(db: Db, tenant: Tenant | null, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(inArray(wallets.id, ids), tenant?.scope));
  return rows.map((r) => r.id);
}

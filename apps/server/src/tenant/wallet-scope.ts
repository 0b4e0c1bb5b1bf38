import { and, eq, isNotNull, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { foreignId } from './foreign-id.ts';

/** A wallet as stored (the wallets area's `WalletRow`). */
type WalletRow = typeof wallets.$inferSelect;

/** The scopes of one organisation (its id in the statement as a placeholder where built once). */
export type ScopeKind = 'merchant' | 'spOwn' | 'spMerchants' | 'spAll';

/**
 * How a scope made by `scopes` is written in a statement built once (`db/statement.ts`): which scope,
 * with the organisation's id as the placeholder's value. A scope SQL of another origin has none, and a
 * read falls back to building its query.
 */
export interface ScopeForm {
  kind: ScopeKind;
  id: string;
}

const forms = new WeakMap<SQL, ScopeForm>();

function formed(kind: ScopeKind, id: string | Placeholder, scope: SQL): SQL {
  if (typeof id === 'string') forms.set(scope, { kind, id });
  return scope;
}

/** The statement form of a scope `scopes` made, if it is one. */
export const scopeFormOf = (scope: SQL | undefined): ScopeForm | undefined => (scope === undefined ? undefined : forms.get(scope));

/** Which wallets a caller may see on a path (tenant scoping: ARCHITECTURE 3); an id may be a placeholder of a statement built once. */
export const scopes = {
  /** A merchant: its own wallets. */
  merchant: (merchantId: string | Placeholder): SQL => formed('merchant', merchantId, eq(wallets.merchantServiceId, merchantId)),
  /** A TSP: its own wallets and accounts. */
  spOwn: (tspId: string | Placeholder): SQL => formed('spOwn', tspId, and(eq(wallets.serviceProviderId, tspId), isNull(wallets.merchantServiceId)) as SQL),
  /** A TSP: the wallets of its merchants. */
  spMerchants: (tspId: string | Placeholder): SQL =>
    formed('spMerchants', tspId, and(eq(wallets.serviceProviderId, tspId), isNotNull(wallets.merchantServiceId)) as SQL),
  /** A TSP: anything it runs (own accounts and its merchants' wallets). */
  spAll: (tspId: string | Placeholder): SQL => formed('spAll', tspId, eq(wallets.serviceProviderId, tspId)),
  anyMerchantWallet: (): SQL => isNotNull(wallets.merchantServiceId),
  anySpWallet: (): SQL => isNull(wallets.merchantServiceId),
};

/** One wallet inside a scope; outside it the wallet does not exist for this caller (404, not 403). */
export async function walletIn(db: Db, id: string, scope: SQL | undefined): Promise<WalletRow> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(scope ? and(eq(wallets.id, id), scope) : eq(wallets.id, id));
  if (!row) throw new AppError('NOT_FOUND', `No wallet ${id}`);
  return row;
}

/** A wallet a body or query names: outside the caller's scope it is a 404 naming the field. */
export async function ownWallet(db: Db, scope: SQL | undefined, id: string, field: string): Promise<WalletRow> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(scope ? and(eq(wallets.id, id), scope) : eq(wallets.id, id));
  if (!row) throw foreignId(field, 'wallet', id);
  return row;
}

/** The TSP a merchant belongs to. */
export async function tspOfMerchant(db: Db, merchantId: string): Promise<string> {
  const [org] = await db.select({ parentId: organisations.parentId }).from(organisations).where(eq(organisations.id, merchantId));
  if (!org?.parentId) throw new AppError('NOT_FOUND', `No merchant ${merchantId}`);
  return org.parentId;
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { spWalletCreate } from '@corridor/api';
import { ACCOUNT_CATEGORIES, accountCategoryLabel } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { banks, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { pageOfRows } from '../http/paging.ts';
import type { Tenant, SpTenant } from '../tenant/tenant.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { ownBankAccount } from './bank-account-service.ts';
import { walletDto } from './wallet-dto.ts';
import type { WalletRow } from './wallet-types.ts';
import { walletPage } from './wallet-queries.ts';
import { ownWallet, scopes, tspOfMerchant } from '../tenant/wallet-scope.ts';
import { openWallet } from './wallet-service.ts';

/** The correspondent account behind a wallet: the TSP's category-100 account in its currency. */
export async function correspondentAccount(db: Db, row: WalletRow): Promise<WalletRow> {
  if (row.accountCategoryId === '100') return row;
  const [account] = await db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.serviceProviderId, row.serviceProviderId),
        isNull(wallets.merchantServiceId),
        eq(wallets.accountCategoryId, '100'),
        eq(wallets.currencyCode, row.currencyCode),
      ),
    )
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', `No correspondent account in ${row.currencyCode}`);
  return account;
}

/** Settlement targets a merchant wallet would be linked to: the TSP's merchant-settlement account (the spec's 700 pool) first. */
async function proposedSpWallet(db: Db, tspId: string, currency: string): Promise<string | null> {
  const candidates = await db
    .select({ id: wallets.id, category: wallets.accountCategoryId })
    .from(wallets)
    .where(and(scopes.spOwn(tspId), eq(wallets.currencyCode, currency), eq(wallets.status, 'ACTIVE')));
  const preferred = candidates.find((c) => c.category === '700') ?? candidates[0];
  return preferred?.id ?? null;
}

/** A TSP id a query or path names must be the caller's own: another TSP's is as good as absent. */
function ownTsp(tenant: SpTenant, tspId: string | undefined, field: string): string {
  if (tspId !== undefined && tspId !== tenant.serviceProviderId) throw foreignId(field, 'service provider', tspId);
  return tenant.serviceProviderId;
}

type SpWalletCreate = z.output<typeof spWalletCreate>;

/** A TSP opens one of its own wallets or accounts; every id it names must be its own. */
export async function createSpWallet(db: Db, tenant: SpTenant, body: SpWalletCreate, by: string, now: Date) {
  const tspId = tenant.serviceProviderId;
  // Only the spec's categories: a number outside the list would be a category no report knows.
  if (accountCategoryLabel(Number(body.accountCategoryId)) === undefined || !/^\d{3}$/.test(body.accountCategoryId)) {
    const known = ACCOUNT_CATEGORIES.map((c) => c.value).join(', ');
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'accountCategoryId', message: `must be one of the account categories ${known}` }]);
  }
  if (body.bankAccountId) await ownBankAccount(db, tspId, body.bankAccountId, 'bankAccountId');
  if (body.linkedWalletTspId) await ownWallet(db, tenant.own, body.linkedWalletTspId, 'linkedWalletTspId');
  const row = await inTransaction(db, async (tx) =>
    openWallet(
      tx,
      {
        alias: body.alias,
        type: 'SETTLEMENT',
        serviceProviderId: tspId,
        currencyCode: body.currencyCode,
        countryCode: body.countryCode,
        bankCode: body.bankCode ?? null,
        bankAccountId: body.bankAccountId ?? null,
        accountCategoryId: body.accountCategoryId,
        walletAccountNumber: body.walletAccountNumber ?? null,
        coveringModel: body.coveringModel ?? null,
        pricingModel: body.pricingModel ?? null,
        linkedWalletTspId: body.linkedWalletTspId ?? null,
        createdBy: by,
      },
      now,
    ),
  );
  return walletDto(db, row);
}

/** Active TSP wallets any signed-in user may see: a merchant its TSP's offer, a TSP its own, operations every TSP's. */
export async function publicSpWallets(db: Db, tenant: Tenant | null, query: Parameters<typeof walletPage>[2]) {
  let scope = scopes.anySpWallet();
  if (tenant?.kind === 'merchant') scope = scopes.spOwn(await tspOfMerchant(db, tenant.merchantId));
  if (tenant?.kind === 'serviceProvider') scope = tenant.own;
  return walletPage(db, and(scope, eq(wallets.status, 'ACTIVE')), { ...query, inclPosition: false });
}

/** Merchant wallets of the TSP not yet linked to a TSP wallet, with the wallet each would be linked to. */
export async function linkedWalletsMigration(db: Db, tenant: SpTenant, tspIdAsked: string | undefined) {
  const tspId = ownTsp(tenant, tspIdAsked, 'tspId');
  const unlinked = await db
    .select({ id: wallets.id, currency: wallets.currencyCode })
    .from(wallets)
    .where(and(scopes.spMerchants(tspId), isNull(wallets.spWalletId)));
  return Promise.all(
    unlinked.map(async (w) => ({ msWalletId: w.id, currency: w.currency, proposedSpWalletId: await proposedSpWallet(db, tspId, w.currency) })),
  );
}

/** Banks the TSP's wallets are held at. */
export async function banksOfTsp(db: Db, tenant: SpTenant, tspIdAsked: string, query: Parameters<typeof pageOfRows>[1]) {
  const tspId = ownTsp(tenant, tspIdAsked, 'serviceProviderId');
  const codes = (await db.selectDistinct({ code: wallets.bankCode }).from(wallets).where(scopes.spAll(tspId))).flatMap((w) => (w.code ? [w.code] : []));
  const rows = codes.length > 0 ? await db.select().from(banks).where(inArray(banks.code, codes)) : [];
  return pageOfRows(
    rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    query,
    ['code', 'name', 'countryCode'],
  );
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { banks, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg, type Caller } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { pageOfRows } from '../http/paging.ts';
import { statementPage, statementSummary } from '../ledger/statement.ts';
import {
  accountingConfigOf,
  deleteWalletConfig,
  listAccountingConfigs,
  listWalletConfigs,
  saveWalletConfig,
  upsertAccountingConfig,
  walletConfigByCategory,
  walletConfigIn,
} from './config-service.ts';
import { walletConfigDto } from './config-dto.ts';
import { positionOf, positionsFor, walletDto, type WalletRow } from './wallet-dto.ts';
import { positionSummary, walletBanks, walletCountries, walletCurrencies, walletPage } from './wallet-queries.ts';
import { scopes, tspOfMerchant, walletIn } from './wallet-scope.ts';
import { openWallet } from './wallet-service.ts';
import { createBankAccount } from './bank-account-service.ts';

type WalletPatch = {
  alias?: string | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  isDippingAllowed?: boolean | undefined;
  dippedWalletId?: string | null | undefined;
  coveringModel?: string | undefined;
  pricingModel?: string | undefined;
};

export async function updateWallet(db: Db, row: WalletRow, body: WalletPatch, now: Date): Promise<WalletRow> {
  const patch: Partial<typeof wallets.$inferInsert> = { updatedAt: now };
  for (const key of ['alias', 'status', 'isDippingAllowed', 'dippedWalletId', 'coveringModel', 'pricingModel'] as const) {
    if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
  }
  const [updated] = await db.update(wallets).set(patch).where(eq(wallets.id, row.id)).returning();
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

async function positionAnswer(db: Db, row: WalletRow) {
  return positionOf(row, (await positionsFor(db, [row.id])).get(row.id));
}

/** The correspondent account behind a wallet: the TSP's category-100 account in its currency. */
async function correspondentAccount(db: Db, row: WalletRow): Promise<WalletRow> {
  if (row.accountCategoryId === '100') return row;
  const [account] = await db
    .select()
    .from(wallets)
    .where(and(
      eq(wallets.serviceProviderId, row.serviceProviderId),
      isNull(wallets.merchantServiceId),
      eq(wallets.accountCategoryId, '100'),
      eq(wallets.currencyCode, row.currencyCode),
    ))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', `No correspondent account in ${row.currencyCode}`);
  return account;
}

/** Settlement targets a merchant wallet would be linked to: the TSP's merchant-settlement account first. */
async function proposedSpWallet(db: Db, tspId: string, currency: string): Promise<string | null> {
  const candidates = await db
    .select({ id: wallets.id, category: wallets.accountCategoryId })
    .from(wallets)
    .where(and(scopes.spOwn(tspId), eq(wallets.currencyCode, currency), eq(wallets.status, 'ACTIVE')));
  const preferred = candidates.find((c) => c.category === '200') ?? candidates[0];
  return preferred?.id ?? null;
}

function ownTsp(caller: Caller, tspId: string | undefined): string {
  const org = requireOrg(caller);
  if (tspId !== undefined && tspId !== org) throw new AppError('FORBIDDEN', 'tspId must be your own service provider');
  return org;
}

/** Service-provider side: a TSP reads and runs its own wallets and those of its merchants only. */
export function registerSpWalletRoutes(r: CallRegistrar): void {
  const own = (caller: Caller) => scopes.spOwn(requireOrg(caller));
  const merchants = (caller: Caller) => scopes.spMerchants(requireOrg(caller));
  const all = (caller: Caller) => scopes.spAll(requireOrg(caller));

  r.serve('spWallets.list', async ({ caller, db, query }) => walletPage(db, own(caller), query));
  r.serve('spWallets.create', async ({ caller, db, body, services }) => {
    const tspId = requireOrg(caller);
    const category = Number(body.accountCategoryId);
    if (!Number.isInteger(category) || category < 100 || category > 999) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'accountCategoryId', message: 'must be an account category 100..999' }]);
    }
    const row = await inTransaction(db, async (tx) =>
      openWallet(tx, {
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
        createdBy: caller.userId,
      }, services.config.now()),
    );
    return walletDto(db, row);
  });
  r.serve('spWallets.get', async ({ caller, db, params }) => walletDto(db, await walletIn(db, params.id, own(caller))));
  r.serve('spWallets.update', async ({ caller, db, params, body, services }) =>
    walletDto(db, await updateWallet(db, await walletIn(db, params.id, own(caller)), body, services.config.now())),
  );
  r.serve('spWallets.currencies', async ({ caller, db, query }) => walletCurrencies(db, own(caller), query));
  r.serve('spWallets.countries', async ({ caller, db, query }) => walletCountries(db, own(caller), query));
  r.serve('spWallets.banks', async ({ caller, db, query }) => walletBanks(db, own(caller), query));

  r.serve('spWallets.configs', async ({ caller, db, query }) => listWalletConfigs(db, own(caller), query));
  r.serve('spWallets.createConfig', async ({ caller, db, body, services }) =>
    saveWalletConfig(db, own(caller), body, null, caller.userId, services.config.now()),
  );
  r.serve('spWallets.config', async ({ caller, db, params }) => walletConfigDto(await walletConfigIn(db, params.id, own(caller))));
  r.serve('spWallets.updateConfig', async ({ caller, db, params, body, services }) =>
    saveWalletConfig(db, own(caller), body, params.id, caller.userId, services.config.now()),
  );
  r.serve('spWallets.deleteConfig', async ({ caller, db, params }) => {
    await deleteWalletConfig(db, params.id, own(caller));
    return undefined;
  });
  r.serve('spWallets.configByCategory', async ({ caller, db, params }) =>
    walletConfigByCategory(db, params.walletId, params.category, own(caller)),
  );

  r.serve('spWallets.accountingConfigs', async ({ caller, db, query }) => listAccountingConfigs(db, all(caller), query));
  r.serve('spWallets.upsertAccountingConfig', async ({ caller, db, body, services }) =>
    upsertAccountingConfig(db, all(caller), body, caller.userId, services.config.now()),
  );
  r.serve('spWallets.accountingConfig', async ({ caller, db, params, query }) => {
    const config = await accountingConfigOf(db, params.walletId, all(caller));
    return pageOfRows([config], query, ['walletId']);
  });

  r.serve('spWallets.position', async ({ caller, db, params }) => positionAnswer(db, await walletIn(db, params.id, all(caller))));
  r.serve('spWallets.positionSummary', async ({ caller, db, query }) => positionSummary(db, own(caller), query));
  r.serve('spWallets.correspondentAccountPosition', async ({ caller, db, params }) =>
    positionAnswer(db, await correspondentAccount(db, await walletIn(db, params.id, all(caller)))),
  );

  r.serve('spWallets.publicWallets', async ({ caller, db, query }) => {
    // Any signed-in user: a merchant sees its TSP's offer, a TSP its own, an admin every TSP's.
    let scope = scopes.anySpWallet();
    if (caller.orgType === 'MERCHANT') scope = scopes.spOwn(await tspOfMerchant(db, requireOrg(caller)));
    if (caller.orgType === 'SERVICE_PROVIDER') scope = scopes.spOwn(requireOrg(caller));
    return walletPage(db, and(scope, eq(wallets.status, 'ACTIVE')), { ...query, inclPosition: false });
  });

  r.serve('spWallets.linkedWalletsMigration', async ({ caller, db, query }) => {
    const tspId = ownTsp(caller, query.tspId);
    const unlinked = await db
      .select({ id: wallets.id, currency: wallets.currencyCode })
      .from(wallets)
      .where(and(scopes.spMerchants(tspId), isNull(wallets.spWalletId)));
    return Promise.all(
      unlinked.map(async (w) => ({ msWalletId: w.id, currency: w.currency, proposedSpWalletId: await proposedSpWallet(db, tspId, w.currency) })),
    );
  });

  r.serve('spWallets.merchantWallets', async ({ caller, db, query }) => walletPage(db, merchants(caller), query));
  r.serve('spWallets.merchantWallet', async ({ caller, db, params }) => walletDto(db, await walletIn(db, params.id, merchants(caller))));
  r.serve('spWallets.updateMerchantWallet', async ({ caller, db, params, body, services }) =>
    walletDto(db, await updateWallet(db, await walletIn(db, params.id, merchants(caller)), body, services.config.now())),
  );
  r.serve('spWallets.merchantConfigs', async ({ caller, db, query }) => listWalletConfigs(db, merchants(caller), query));
  r.serve('spWallets.createMerchantConfig', async ({ caller, db, body, services }) =>
    saveWalletConfig(db, merchants(caller), body, null, caller.userId, services.config.now()),
  );
  r.serve('spWallets.merchantConfig', async ({ caller, db, params }) =>
    walletConfigDto(await walletConfigIn(db, params.id, merchants(caller))),
  );
  r.serve('spWallets.updateMerchantConfig', async ({ caller, db, params, body, services }) =>
    saveWalletConfig(db, merchants(caller), body, params.id, caller.userId, services.config.now()),
  );
  r.serve('spWallets.deleteMerchantConfig', async ({ caller, db, params }) => {
    await deleteWalletConfig(db, params.id, merchants(caller));
    return undefined;
  });

  r.serve('spWallets.activity', async ({ caller, db, query }) => statementPage(db, own(caller), query));
  r.serve('spWallets.activitySummary', async ({ caller, db, query }) => statementSummary(db, own(caller), query));
  r.serve('spWallets.merchantActivity', async ({ caller, db, query }) => statementPage(db, merchants(caller), query));
  r.serve('spWallets.merchantActivitySummary', async ({ caller, db, query }) => statementSummary(db, merchants(caller), query));

  r.serve('spWallets.createBankAccount', async ({ caller, db, body, services }) =>
    createBankAccount(db, requireOrg(caller), body, caller.userId, services.config.now()),
  );
  r.serve('spWallets.banksOf', async ({ caller, db, params, query }) => {
    const tspId = ownTsp(caller, params.serviceProviderId);
    const codes = (await db.selectDistinct({ code: wallets.bankCode }).from(wallets).where(scopes.spAll(tspId)))
      .flatMap((w) => (w.code ? [w.code] : []));
    const rows = codes.length > 0 ? await db.select().from(banks).where(inArray(banks.code, codes)) : [];
    return pageOfRows(rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })), query, ['code', 'name', 'countryCode']);
  });
}


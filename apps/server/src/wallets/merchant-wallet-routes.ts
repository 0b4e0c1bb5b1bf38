import type { CallRegistrar } from '../http/registrar.ts';
import { positionActivityPage, statementPage, statementSummary } from '../ledger/statement-service.ts';
import { listAccountingConfigs, upsertAccountingConfig, walletConfigByCategory } from './config-service.ts';
import { positionSummary, walletBanks, walletCountries, walletCurrencies } from './wallet-queries.ts';
import { merchantPosition, merchantWalletAnswer, merchantWalletPage } from './wallet-read.ts';
import { createBankAccount } from './bank-account-service.ts';
import { offeredSpWallets, requestMerchantWallet, updateOwnMerchantWallet } from './merchant-wallet-service.ts';

/** Merchant side of wallets: every read is scoped to the caller's merchant. */
export function registerMerchantWalletRoutes(r: CallRegistrar): void {
  r.serve('merchantWallets.list', async ({ tenant, db, query }) => merchantWalletPage(db, tenant.merchantId, query));

  r.serve('merchantWallets.create', async ({ caller, tenant, db, body, now }) => requestMerchantWallet(db, tenant, body, caller.userId, now));

  r.serve('merchantWallets.get', async ({ tenant, db, params }) => merchantWalletAnswer(db, tenant.merchantId, params.id));

  r.serve('merchantWallets.update', async ({ tenant, db, params, body, now }) => updateOwnMerchantWallet(db, tenant, params.id, body, now));

  r.serve('merchantWallets.currencies', async ({ tenant, db, query }) => walletCurrencies(db, tenant.scope, query));
  r.serve('merchantWallets.countries', async ({ tenant, db, query }) => walletCountries(db, tenant.scope, query));
  r.serve('merchantWallets.banks', async ({ tenant, db, query }) => walletBanks(db, tenant.scope, query));

  r.serve('merchantWallets.configByCategory', async ({ tenant, db, params }) =>
    walletConfigByCategory(db, params.walletId, params.transactionCategory, tenant.scope),
  );

  r.serve('merchantWallets.position', async ({ tenant, db, params }) => merchantPosition(db, tenant.merchantId, params.id));
  r.serve('merchantWallets.positionSummary', async ({ tenant, db, query }) => positionSummary(db, tenant.scope, query));
  r.serve('merchantWallets.summary', async ({ tenant, db, query }) => positionSummary(db, tenant.scope, query));
  r.serve('merchantWallets.creditPositionSummary', async ({ tenant, db, query }) => positionSummary(db, tenant.scope, query));
  r.serve('merchantWallets.positionActivity', async ({ tenant, db, query }) => positionActivityPage(db, tenant.scope, query));

  r.serve('merchantWallets.serviceProviderWallets', async ({ tenant, db, query }) => offeredSpWallets(db, tenant, query));

  r.serve('merchantWallets.activity', async ({ tenant, db, query }) => statementPage(db, tenant.scope, query));
  r.serve('reports.merchantActivity', async ({ tenant, db, query }) => statementPage(db, tenant.scope, query));
  r.serve('reports.merchantActivitySummary', async ({ tenant, db, query }) => statementSummary(db, tenant.scope, query));

  r.serve('merchantWallets.createBankAccount', async ({ caller, tenant, db, body, now }) => createBankAccount(db, tenant.merchantId, body, caller.userId, now));

  r.serve('merchantAccounting.list', async ({ tenant, db, query }) => listAccountingConfigs(db, tenant.scope, query));
  r.serve('merchantAccounting.upsert', async ({ caller, tenant, db, body, now }) => upsertAccountingConfig(db, tenant.scope, body, caller.userId, now));
}

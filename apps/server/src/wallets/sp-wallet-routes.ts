import type { CallRegistrar } from '../http/registrar.ts';
import { pageOfRows } from '../http/paging.ts';
import { positionActivityPage, statementPage, statementSummary } from '../ledger/statement-service.ts';
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
import { walletDto } from './wallet-dto.ts';
import { positionSummary, walletBanks, walletCountries, walletCurrencies, walletPage } from './wallet-queries.ts';
import { walletIn } from '../tenant/wallet-scope.ts';
import { createBankAccount } from './bank-account-service.ts';
import { banksOfTsp, correspondentAccount, createSpWallet, linkedWalletsMigration, publicSpWallets } from './sp-wallet-service.ts';
import { walletPosition } from './wallet-read.ts';
import { updateWallet } from './wallet-service.ts';

/** Service-provider side: a TSP reads and runs its own wallets and those of its merchants only. */
export function registerSpWalletRoutes(r: CallRegistrar): void {
  r.serve('spWallets.list', async ({ tenant, db, query }) => walletPage(db, tenant.own, query));
  r.serve('spWallets.create', async ({ caller, tenant, db, body, now }) => createSpWallet(db, tenant, body, caller.userId, now));
  r.serve('spWallets.get', async ({ tenant, db, params }) => walletDto(db, await walletIn(db, params.id, tenant.own)));
  r.serve('spWallets.update', async ({ caller, tenant, db, params, body, now }) =>
    walletDto(db, await updateWallet(db, await walletIn(db, params.id, tenant.own), body, now, caller.userId)),
  );
  r.serve('spWallets.currencies', async ({ tenant, db, query }) => walletCurrencies(db, tenant.own, query));
  r.serve('spWallets.countries', async ({ tenant, db, query }) => walletCountries(db, tenant.own, query));
  r.serve('spWallets.banks', async ({ tenant, db, query }) => walletBanks(db, tenant.own, query));

  r.serve('spWallets.configs', async ({ tenant, db, query }) => listWalletConfigs(db, tenant.own, query));
  r.serve('spWallets.createConfig', async ({ caller, tenant, db, body, now }) => saveWalletConfig(db, tenant.own, body, null, caller.userId, now));
  r.serve('spWallets.config', async ({ tenant, db, params }) => walletConfigDto(await walletConfigIn(db, params.id, tenant.own)));
  r.serve('spWallets.updateConfig', async ({ caller, tenant, db, params, body, now }) => saveWalletConfig(db, tenant.own, body, params.id, caller.userId, now));
  r.serve('spWallets.deleteConfig', async ({ tenant, db, params }) => {
    await deleteWalletConfig(db, params.id, tenant.own);
    return undefined;
  });
  r.serve('spWallets.configByCategory', async ({ tenant, db, params }) => walletConfigByCategory(db, params.walletId, params.category, tenant.own));

  r.serve('spWallets.accountingConfigs', async ({ tenant, db, query }) => listAccountingConfigs(db, tenant.scope, query));
  r.serve('spWallets.upsertAccountingConfig', async ({ caller, tenant, db, body, now }) => upsertAccountingConfig(db, tenant.scope, body, caller.userId, now));
  r.serve('spWallets.accountingConfig', async ({ tenant, db, params, query }) => {
    const config = await accountingConfigOf(db, params.walletId, tenant.scope);
    return pageOfRows([config], query, ['walletId']);
  });

  r.serve('spWallets.position', async ({ tenant, db, params }) => walletPosition(db, await walletIn(db, params.id, tenant.scope)));
  r.serve('spWallets.positionSummary', async ({ tenant, db, query }) => positionSummary(db, tenant.own, query));
  r.serve('spWallets.correspondentAccountPosition', async ({ tenant, db, params }) =>
    walletPosition(db, await correspondentAccount(db, await walletIn(db, params.id, tenant.scope))),
  );

  r.serve('spWallets.publicWallets', async ({ tenant, db, query }) => publicSpWallets(db, tenant, query));
  r.serve('spWallets.linkedWalletsMigration', async ({ tenant, db, query }) => linkedWalletsMigration(db, tenant, query.tspId));

  r.serve('spWallets.merchantWallets', async ({ tenant, db, query }) => walletPage(db, tenant.merchants, query));
  r.serve('spWallets.merchantWallet', async ({ tenant, db, params }) => walletDto(db, await walletIn(db, params.id, tenant.merchants)));
  r.serve('spWallets.updateMerchantWallet', async ({ caller, tenant, db, params, body, now }) =>
    walletDto(db, await updateWallet(db, await walletIn(db, params.id, tenant.merchants), body, now, caller.userId)),
  );
  r.serve('spWallets.merchantConfigs', async ({ tenant, db, query }) => listWalletConfigs(db, tenant.merchants, query));
  r.serve('spWallets.createMerchantConfig', async ({ caller, tenant, db, body, now }) =>
    saveWalletConfig(db, tenant.merchants, body, null, caller.userId, now),
  );
  r.serve('spWallets.merchantConfig', async ({ tenant, db, params }) => walletConfigDto(await walletConfigIn(db, params.id, tenant.merchants)));
  r.serve('spWallets.updateMerchantConfig', async ({ caller, tenant, db, params, body, now }) =>
    saveWalletConfig(db, tenant.merchants, body, params.id, caller.userId, now),
  );
  r.serve('spWallets.deleteMerchantConfig', async ({ tenant, db, params }) => {
    await deleteWalletConfig(db, params.id, tenant.merchants);
    return undefined;
  });

  r.serve('spWallets.activity', async ({ tenant, db, query }) => statementPage(db, tenant.own, query));
  r.serve('spWallets.activitySummary', async ({ tenant, db, query }) => statementSummary(db, tenant.own, query));
  r.serve('spWallets.positionActivity', async ({ tenant, db, query }) => positionActivityPage(db, tenant.own, query));
  r.serve('spWallets.merchantPositionActivity', async ({ tenant, db, query }) => positionActivityPage(db, tenant.merchants, query));
  r.serve('spWallets.merchantActivity', async ({ tenant, db, query }) => statementPage(db, tenant.merchants, query));
  r.serve('spWallets.merchantActivitySummary', async ({ tenant, db, query }) => statementSummary(db, tenant.merchants, query));

  r.serve('spWallets.createBankAccount', async ({ caller, tenant, db, body, now }) =>
    createBankAccount(db, tenant.serviceProviderId, body, caller.userId, now),
  );
  r.serve('spWallets.banksOf', async ({ tenant, db, params, query }) => banksOfTsp(db, tenant, params.serviceProviderId, query));
}

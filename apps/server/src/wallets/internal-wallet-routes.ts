import { and, eq } from 'drizzle-orm';
import { wallets } from '../db/schema.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { accountingConfigOf, walletConfigByCategory } from './config-service.ts';
import { linkedTspWallet, merchantWalletLimit, setMerchantWalletStatus } from './internal-wallet-service.ts';
import { walletDto } from './wallet-dto.ts';
import { walletPosition } from './wallet-read.ts';
import { positionSummary, walletPage } from './wallet-queries.ts';
import { scopes, walletIn } from '../tenant/wallet-scope.ts';
import { createMerchantWallet } from './merchant-wallet-service.ts';

/** Operations (ADMIN) reads and changes wallets of any merchant or TSP. */
export function registerInternalWalletRoutes(r: CallRegistrar): void {
  const anyMerchant = scopes.anyMerchantWallet();
  r.serve('internalWallets.list', async ({ db, query }) => walletPage(db, anyMerchant, query));
  r.serve('internalWallets.setStatus', async ({ db, query, now }) => setMerchantWalletStatus(db, query, now));
  r.serve('internalWallets.settlementWallets', async ({ db, query }) => walletPage(db, and(anyMerchant, eq(wallets.type, 'SETTLEMENT')), query));
  r.serve('internalWallets.createSettlementWallet', async ({ caller, db, body, now }) => createMerchantWallet(db, body, 'SETTLEMENT', caller.userId, now));
  r.serve('internalWallets.createPaymentWallet', async ({ caller, db, body, now }) => createMerchantWallet(db, body, 'PAYMENT', caller.userId, now));
  r.serve('internalWallets.spMerchantConfigByCategory', async ({ db, params }) =>
    walletConfigByCategory(db, params.walletId, params.transactionCategory, anyMerchant),
  );
  r.serve('internalWallets.get', async ({ db, params }) => walletDto(db, await walletIn(db, params.id, anyMerchant)));
  r.serve('internalWallets.limit', async ({ db, params }) => merchantWalletLimit(db, params.id));
  r.serve('internalWallets.summary', async ({ db, query }) => positionSummary(db, anyMerchant, query));
  r.serve('internalWallets.accountingConfig', async ({ db, params, query }) =>
    accountingConfigOf(db, params.walletId, query.tspId ? and(anyMerchant, eq(wallets.serviceProviderId, query.tspId)) : anyMerchant),
  );

  const tspWallets = (tspId: string) => scopes.spOwn(tspId);
  r.serve('internalServiceProvider.wallets', async ({ db, query }) => walletPage(db, tspWallets(query.tspId), query));
  r.serve('internalServiceProvider.wallet', async ({ db, params, query }) => walletDto(db, await walletIn(db, params.id, tspWallets(query.tspId))));
  r.serve('internalServiceProvider.walletPosition', async ({ db, params, query }) =>
    walletPosition(db, await walletIn(db, params.id, tspWallets(query.tspId))),
  );
  r.serve('internalServiceProvider.walletConfigByCategory', async ({ db, params, query }) =>
    walletConfigByCategory(db, params.walletId, params.category, tspWallets(query.tspId)),
  );
  r.serve('internalServiceProvider.walletAccountingConfig', async ({ db, params, query }) => accountingConfigOf(db, params.walletId, tspWallets(query.tspId)));
  r.serve('internalServiceProvider.linkedWallet', async ({ db, params, query }) => linkedTspWallet(db, query.tspId, params.linkedMSWalletId));
}

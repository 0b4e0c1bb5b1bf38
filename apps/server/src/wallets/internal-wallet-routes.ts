import { and, eq, type SQL } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { availableOf } from '../ledger/ledger-service.ts';
import { accountingConfigOf, walletConfigByCategory } from './config-service.ts';
import { positionOf, positionsFor, walletDto } from './wallet-dto.ts';
import { positionSummary, walletPage } from './wallet-queries.ts';
import { scopes, walletIn } from './wallet-scope.ts';
import { createMerchantWallet } from './merchant-wallet-service.ts';

/** Operations (ADMIN) reads and changes wallets of any merchant or TSP. */
export function registerInternalWalletRoutes(r: CallRegistrar): void {
  const anyMerchant = scopes.anyMerchantWallet();
  r.serve('internalWallets.list', async ({ db, query }) => walletPage(db, anyMerchant, query));
  r.serve('internalWallets.setStatus', async ({ db, query, services }) => {
    const preds: SQL[] = [anyMerchant];
    if (query.merchantServiceId) preds.push(eq(wallets.merchantServiceId, query.merchantServiceId));
    if (query.serviceProviderId) preds.push(eq(wallets.serviceProviderId, query.serviceProviderId));
    if (query.type) preds.push(eq(wallets.type, query.type));
    if (preds.length === 1) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'merchantServiceId', message: 'name a merchant service or a service provider' }]);
    }
    const updated = await db
      .update(wallets)
      .set({ status: query.status, updatedAt: services.config.now() })
      .where(and(...preds))
      .returning({ id: wallets.id });
    return { updated: updated.length };
  });
  r.serve('internalWallets.settlementWallets', async ({ db, query }) =>
    walletPage(db, and(anyMerchant, eq(wallets.type, 'SETTLEMENT')), query),
  );
  r.serve('internalWallets.createSettlementWallet', async ({ caller, db, body, services }) =>
    createMerchantWallet(db, body, 'SETTLEMENT', caller.userId, services.config.now()),
  );
  r.serve('internalWallets.createPaymentWallet', async ({ caller, db, body, services }) =>
    createMerchantWallet(db, body, 'PAYMENT', caller.userId, services.config.now()),
  );
  r.serve('internalWallets.spMerchantConfigByCategory', async ({ db, params }) =>
    walletConfigByCategory(db, params.walletId, params.transactionCategory, anyMerchant),
  );
  r.serve('internalWallets.get', async ({ db, params }) => walletDto(db, await walletIn(db, params.id, anyMerchant)));
  r.serve('internalWallets.limit', async ({ db, params }) => {
    const wallet = await walletIn(db, params.id, anyMerchant);
    const row = (await positionsFor(db, [wallet.id])).get(wallet.id);
    const position = positionOf(wallet, row);
    return {
      walletId: wallet.id,
      currency: wallet.currencyCode,
      available: row ? availableOf(row).toFixed() : '0',
      creditLimit: position.creditPosition.creditLimit.amount,
      openCredit: new Dec(position.creditPosition.openCredit.amount).toFixed(),
    };
  });
  r.serve('internalWallets.summary', async ({ db, query }) => positionSummary(db, anyMerchant, query));
  r.serve('internalWallets.accountingConfig', async ({ db, params, query }) =>
    accountingConfigOf(db, params.walletId, query.tspId ? and(anyMerchant, eq(wallets.serviceProviderId, query.tspId)) : anyMerchant),
  );

  const tspWallets = (tspId: string) => scopes.spOwn(tspId);
  r.serve('internalServiceProvider.wallets', async ({ db, query }) => walletPage(db, tspWallets(query.tspId), query));
  r.serve('internalServiceProvider.wallet', async ({ db, params, query }) => walletDto(db, await walletIn(db, params.id, tspWallets(query.tspId))));
  r.serve('internalServiceProvider.walletPosition', async ({ db, params, query }) => {
    const wallet = await walletIn(db, params.id, tspWallets(query.tspId));
    return positionOf(wallet, (await positionsFor(db, [wallet.id])).get(wallet.id));
  });
  r.serve('internalServiceProvider.walletConfigByCategory', async ({ db, params, query }) =>
    walletConfigByCategory(db, params.walletId, params.category, tspWallets(query.tspId)),
  );
  r.serve('internalServiceProvider.walletAccountingConfig', async ({ db, params, query }) =>
    accountingConfigOf(db, params.walletId, tspWallets(query.tspId)),
  );
  r.serve('internalServiceProvider.linkedWallet', async ({ db, params, query }) => {
    const merchantWallet = await walletIn(db, params.linkedMSWalletId, scopes.spMerchants(query.tspId));
    if (!merchantWallet.spWalletId) throw new AppError('NOT_FOUND', `Wallet ${merchantWallet.id} is not linked`);
    return walletDto(db, await walletIn(db, merchantWallet.spWalletId, tspWallets(query.tspId)));
  });
}

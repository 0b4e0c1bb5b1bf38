import { and, eq } from 'drizzle-orm';
import { inTransaction } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { positionActivityPage, statementPage, statementSummary } from '../ledger/statement.ts';
import { listAccountingConfigs, upsertAccountingConfig, walletConfigByCategory } from './config-service.ts';
import { positionOf, positionsFor, walletDto } from './wallet-dto.ts';
import { positionSummary, walletBanks, walletCountries, walletCurrencies, walletPage } from './wallet-queries.ts';
import { scopes, tspOfMerchant, walletIn } from './wallet-scope.ts';
import { openWallet } from './wallet-service.ts';

import { createBankAccount } from './bank-account-service.ts';

/** Merchant side of wallets: every read is scoped to the caller's merchant. */
export function registerMerchantWalletRoutes(r: CallRegistrar): void {
  r.serve('merchantWallets.list', async ({ caller, db, query }) => walletPage(db, scopes.merchant(requireOrg(caller)), query));

  r.serve('merchantWallets.create', async ({ caller, db, body, services }) => {
    const merchantId = requireOrg(caller);
    if (body.merchantId !== undefined && body.merchantId !== merchantId) {
      throw new AppError('FORBIDDEN', 'Wallets can only be requested for your own merchant');
    }
    const tspId = await tspOfMerchant(db, merchantId);
    if (body.serviceProviderId !== tspId) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'serviceProviderId', message: 'must be your service provider' }]);
    }
    const spWallet = await walletIn(db, body.spWalletId, scopes.spOwn(tspId)).catch(() => {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'spWalletId', message: 'no such wallet of your service provider' }]);
    });
    if (spWallet.currencyCode !== body.currencyCode) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currencyCode', message: `must be ${spWallet.currencyCode}, the currency of the service-provider wallet` }]);
    }
    const now = services.config.now();
    // A requested wallet waits for its TSP to activate it (PUT /v1/service-provider/merchant/wallets/{id}).
    const row = await inTransaction(db, async (tx) =>
      openWallet(tx, {
        alias: body.alias,
        type: 'PAYMENT',
        status: 'INACTIVE',
        serviceProviderId: tspId,
        merchantServiceId: merchantId,
        currencyCode: body.currencyCode,
        countryCode: body.countryCode,
        bankCode: body.bankCode ?? null,
        bankAccountId: body.bankAccountId ?? null,
        spWalletId: spWallet.id,
        isDippingAllowed: body.isDippingAllowed ?? false,
        dippedWalletId: body.dippedWalletId ?? null,
        vpa: body.vpa ?? null,
        createdBy: caller.userId,
      }, now),
    );
    return walletDto(db, row);
  });

  r.serve('merchantWallets.get', async ({ caller, db, params }) =>
    walletDto(db, await walletIn(db, params.id, scopes.merchant(requireOrg(caller)))),
  );

  r.serve('merchantWallets.update', async ({ caller, db, params, body, services }) => {
    const scope = scopes.merchant(requireOrg(caller));
    const row = await walletIn(db, params.id, scope);
    const refused = (['status', 'coveringModel', 'pricingModel'] as const).filter((k) => body[k] !== undefined);
    if (refused.length > 0) {
      throw new AppError('VALIDATION_FAILED', undefined, refused.map((parameter) => ({ parameter, message: 'only your service provider changes this' })));
    }
    if (body.dippedWalletId) await walletIn(db, body.dippedWalletId, scope);
    const [updated] = await db
      .update(wallets)
      .set({
        ...(body.alias !== undefined ? { alias: body.alias } : {}),
        ...(body.isDippingAllowed !== undefined ? { isDippingAllowed: body.isDippingAllowed } : {}),
        ...(body.dippedWalletId !== undefined ? { dippedWalletId: body.dippedWalletId } : {}),
        updatedAt: services.config.now(),
      })
      .where(eq(wallets.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    return walletDto(db, updated);
  });

  r.serve('merchantWallets.currencies', async ({ caller, db, query }) => walletCurrencies(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('merchantWallets.countries', async ({ caller, db, query }) => walletCountries(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('merchantWallets.banks', async ({ caller, db, query }) => walletBanks(db, scopes.merchant(requireOrg(caller)), query));

  r.serve('merchantWallets.configByCategory', async ({ caller, db, params }) =>
    walletConfigByCategory(db, params.walletId, params.transactionCategory, scopes.merchant(requireOrg(caller))),
  );

  r.serve('merchantWallets.position', async ({ caller, db, params }) => {
    const row = await walletIn(db, params.id, scopes.merchant(requireOrg(caller)));
    return positionOf(row, (await positionsFor(db, [row.id])).get(row.id));
  });
  r.serve('merchantWallets.positionSummary', async ({ caller, db, query }) => positionSummary(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('merchantWallets.summary', async ({ caller, db, query }) => positionSummary(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('merchantWallets.creditPositionSummary', async ({ caller, db, query }) =>
    positionSummary(db, scopes.merchant(requireOrg(caller)), query),
  );
  r.serve('merchantWallets.positionActivity', async ({ caller, db, query }) =>
    positionActivityPage(db, scopes.merchant(requireOrg(caller)), query),
  );

  r.serve('merchantWallets.serviceProviderWallets', async ({ caller, db, query }) => {
    const tspId = await tspOfMerchant(db, requireOrg(caller));
    // A merchant sees what its TSP offers, not the TSP's balances.
    return walletPage(db, and(scopes.spOwn(tspId), eq(wallets.status, 'ACTIVE')), { ...query, inclPosition: false });
  });

  r.serve('merchantWallets.activity', async ({ caller, db, query }) => statementPage(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('reports.merchantActivity', async ({ caller, db, query }) => statementPage(db, scopes.merchant(requireOrg(caller)), query));
  r.serve('reports.merchantActivitySummary', async ({ caller, db, query }) =>
    statementSummary(db, scopes.merchant(requireOrg(caller)), query),
  );

  r.serve('merchantWallets.createBankAccount', async ({ caller, db, body, services }) =>
    createBankAccount(db, requireOrg(caller), body, caller.userId, services.config.now()),
  );

  r.serve('merchantAccounting.list', async ({ caller, db, query }) =>
    listAccountingConfigs(db, scopes.merchant(requireOrg(caller)), query),
  );
  r.serve('merchantAccounting.upsert', async ({ caller, db, body, services }) =>
    upsertAccountingConfig(db, scopes.merchant(requireOrg(caller)), body, caller.userId, services.config.now()),
  );
}


import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Dec } from '@corridor/domain';
import type { Contract } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { availableOf } from '../ledger/ledger-service.ts';
import { positionOf, positionsFor, walletDto } from './wallet-dto.ts';
import { currentRatesToLocal } from '../rates/valuation-service.ts';
import { scopes, walletIn } from '../tenant/wallet-scope.ts';

type StatusQuery = z.output<Contract['internalWallets.setStatus']['query']>;

/** Operations activate or deactivate the wallets of a merchant or TSP at once; naming neither is refused. */
export async function setMerchantWalletStatus(db: Db, query: StatusQuery, now: Date) {
  const anyMerchant = scopes.anyMerchantWallet();
  const preds: SQL[] = [anyMerchant];
  if (query.merchantServiceId) preds.push(eq(wallets.merchantServiceId, query.merchantServiceId));
  if (query.serviceProviderId) preds.push(eq(wallets.serviceProviderId, query.serviceProviderId));
  if (query.type) preds.push(eq(wallets.type, query.type));
  if (preds.length === 1) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'merchantServiceId', message: 'name a merchant service or a service provider' }]);
  }
  const updated = await db
    .update(wallets)
    .set({ status: query.status, updatedAt: now })
    .where(and(...preds))
    .returning({ id: wallets.id });
  return { updated: updated.length };
}

/** A merchant wallet's available balance and credit, for operations. */
export async function merchantWalletLimit(db: Db, id: string) {
  const anyMerchant = scopes.anyMerchantWallet();
  const wallet = await walletIn(db, id, anyMerchant);
  const row = (await positionsFor(db, [wallet.id])).get(wallet.id);
  const position = positionOf(wallet, row, await currentRatesToLocal(db, [wallet.currencyCode]));
  return {
    walletId: wallet.id,
    currency: wallet.currencyCode,
    available: row ? availableOf(row).toFixed() : '0',
    creditLimit: position.creditPosition.creditLimit.amount,
    openCredit: new Dec(position.creditPosition.openCredit.amount).toFixed(),
  };
}

/** The TSP wallet a merchant wallet settles into, for operations acting on that TSP. */
export async function linkedTspWallet(db: Db, tspId: string, merchantWalletId: string) {
  const merchantWallet = await walletIn(db, merchantWalletId, scopes.spMerchants(tspId));
  if (!merchantWallet.spWalletId) throw new AppError('NOT_FOUND', `Wallet ${merchantWallet.id} is not linked`);
  return walletDto(db, await walletIn(db, merchantWallet.spWalletId, scopes.spOwn(tspId)));
}

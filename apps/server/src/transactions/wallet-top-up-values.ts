import { Dec } from '@corridor/domain';
import type { WalletRow } from '../wallets/wallet-types.ts';

/**
 * The money side of a transaction that only credits one wallet (a top-up, a credit top-up, a settlement's
 * linked top-up): the wallet's own TSP on both sides, the amount in the wallet's currency on both sides at
 * rate 1, no source wallet. Kept in one place so every kind of top-up books the same way.
 */
export function walletTopUpValues(wallet: Pick<WalletRow, 'id' | 'merchantServiceId' | 'serviceProviderId' | 'currencyCode'>, amount: string) {
  const exact = new Dec(amount).toFixed();
  return {
    merchantId: wallet.merchantServiceId,
    serviceProviderId: wallet.serviceProviderId,
    targetSpId: wallet.serviceProviderId,
    sourceWalletId: null,
    targetWalletId: wallet.id,
    sourceAmount: exact,
    sourceCurrency: wallet.currencyCode,
    targetAmount: exact,
    targetCurrency: wallet.currencyCode,
    exchangeRate: '1',
  };
}

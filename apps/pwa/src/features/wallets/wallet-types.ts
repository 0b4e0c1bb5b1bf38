import type { CallOutput, Contract, PageItem } from '@corridor/api';

/** A merchant wallet as the list and detail calls answer it. */
export type MerchantWallet = PageItem<'merchantWallets.list'>;
export type WalletPosition = NonNullable<MerchantWallet['position']>;
export type WalletCurrency = PageItem<'merchantWallets.currencies'>;
export type WalletBank = PageItem<'merchantWallets.banks'>;
export type StatementLine = PageItem<'merchantWallets.activity'>;
export type AccountingConfig = PageItem<'merchantAccounting.list'>;
export type WalletPage = CallOutput<Contract['merchantWallets.list']>;

import type { CallOutput, Contract, PageItem } from '@corridor/api';

export type { Wallet, WalletCurrency } from '@/components/wallets/wallet-types.ts';
export type WalletBank = PageItem<'merchantWallets.banks'>;
export type AccountingConfig = PageItem<'merchantAccounting.list'>;
export type WalletPage = CallOutput<Contract['merchantWallets.list']>;

import type { CallOutput, Contract, PageItem } from '@corridor/api';

export type { StatementLine, Wallet, WalletCurrency, WalletPosition } from '@/components/wallets/wallet-types.ts';
export type WalletBank = PageItem<'merchantWallets.banks'>;
export type AccountingConfig = PageItem<'merchantAccounting.list'>;
export type WalletPage = CallOutput<Contract['merchantWallets.list']>;

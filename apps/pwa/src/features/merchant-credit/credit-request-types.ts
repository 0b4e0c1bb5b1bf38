import type { PageItem } from '@corridor/api';

export type CreditRequest = PageItem<'credit.merchantRequests'>;
/** What the request dialog needs of a wallet. */
export type CreditWallet = PageItem<'merchantWallets.list'>;
export type CreditCurrency = PageItem<'merchantWallets.currencies'>;

/**
 * Tabs of a wallet's page in the service-provider portal; the open one is in the URL (`?tab=`). The spec's
 * deal position tab (disabled there) is enabled: it shows the wallet's deal positions.
 */
export const SP_WALLET_DETAIL_TABS = ['details', 'deal-position', 'statement', 'vouchers'] as const;
export type SpWalletDetailTab = (typeof SP_WALLET_DETAIL_TABS)[number];

/** The tab a URL slug opens: an unknown or missing slug opens the details. */
export function spWalletDetailTab(slug: string | undefined): SpWalletDetailTab {
  return (SP_WALLET_DETAIL_TABS as readonly string[]).includes(slug ?? '') ? (slug as SpWalletDetailTab) : 'details';
}

/** Whose wallet the page shows: the TSP's own (wallet list) or one of its merchants' (network tab). */
export type SpWalletOwner = 'own' | 'merchant';

/** The page of a wallet, as a path the router knows. */
export function spWalletPath(owner: SpWalletOwner): '/service-provider/wallet/account/$walletId' | '/service-provider/wallet/merchant/$walletId' {
  return owner === 'own' ? '/service-provider/wallet/account/$walletId' : '/service-provider/wallet/merchant/$walletId';
}

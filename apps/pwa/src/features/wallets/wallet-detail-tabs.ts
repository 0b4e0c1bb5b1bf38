import { WALLET_DETAIL_TABS, tabForSlug } from '@corridor/domain';

export type WalletDetailTab = (typeof WALLET_DETAIL_TABS)[number]['slug'];

/** The tab a URL slug opens (a disabled or unknown slug opens the first tab, details). */
export function walletDetailTab(slug: string | undefined): WalletDetailTab {
  return tabForSlug(WALLET_DETAIL_TABS, slug).slug;
}

/** 'deal-position' -> 'dealPosition': the tab's i18n key under merchantWallets.tabs. */
export function tabLabelKey(slug: WalletDetailTab): string {
  return `merchantWallets.tabs.${slug.replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase())}`;
}

import { describe, expect, it } from 'vitest';
import { spWalletDetailTab, spWalletPath } from './sp-wallet-detail-tabs.ts';

describe("a TSP wallet page's tabs", () => {
  it('open the tab the URL names; a missing or unknown slug opens the details', () => {
    expect(spWalletDetailTab('statement')).toBe('statement');
    expect(spWalletDetailTab('vouchers')).toBe('vouchers');
    expect(spWalletDetailTab('deal-position')).toBe('deal-position');
    expect(spWalletDetailTab(undefined)).toBe('details');
    expect(spWalletDetailTab('payables')).toBe('details');
  });

  it("keep the TSP's own wallets and its merchants' wallets on separate paths", () => {
    expect(spWalletPath('own')).toBe('/service-provider/wallet/account/$walletId');
    expect(spWalletPath('merchant')).toBe('/service-provider/wallet/merchant/$walletId');
  });
});

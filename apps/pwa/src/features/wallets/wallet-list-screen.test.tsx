import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { WalletListScreen } from './wallet-list-screen.tsx';
import type { Wallet } from './wallet-types.ts';

const money = (amount: string, currency: string) => ({ amount, currency });

function wallet(id: string, alias: string, currency: string, balance: string): Wallet {
  return {
    id,
    alias,
    walletAccountNumber: `MW-${id}`,
    type: 'PAYMENT',
    types: ['PAYMENT'],
    status: 'ACTIVE',
    currency: { code: currency, countryCode: null },
    country: { code: 'AE', name: 'UAE' },
    bank: { code: 'ATLS', name: 'Atlas Bank' },
    bankAccount: null,
    serviceProvider: { id: 's', name: 'Atlas Bank' },
    merchantServiceId: 'm-1',
    serviceProviderId: 's',
    spWalletId: null,
    accountCategoryId: null,
    coveringModel: null,
    pricingModel: null,
    isDippingAllowed: false,
    dippedWalletId: null,
    linkedWalletTspId: null,
    vpa: null,
    position: {
      walletId: id,
      currency,
      balance: money(balance, currency),
      reserve: money('0', currency),
      merchantReserve: money('10', currency),
      openPosition: money('0', currency),
      pendingAuthorization: money('0', currency),
      costRate: money('1.08', 'USD'),
      creditPosition: {
        creditPayable: money('0', currency),
        creditReserve: money('0', currency),
        merchantCreditReserveAmount: money('0', currency),
        openCredit: money('0', currency),
        creditLimit: money('0', currency),
      },
      updatedAt: '2026-11-22T00:00:00Z',
    },
  };
}

const WALLETS = [wallet('w1', 'Globex USD payments', 'USD', '1234.5'), wallet('w2', 'Globex JPY payments', 'JPY', '98765')];
const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', sign: '$', countryCode: 'US', dp: 2, enabled: true },
  { code: 'JPY', name: 'Yen', sign: '¥', countryCode: 'JP', dp: 0, enabled: true },
];

function page<T>(content: T[]) {
  return { content, page: 0, size: content.length, totalElements: content.length, totalPages: 1 };
}

/** The API answering like the server, or failing like a dead network. */
function stubApi(online: boolean) {
  return vi.spyOn(api, 'call').mockImplementation((async (id: string) => {
    if (!online) throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
    if (id === 'merchantWallets.list') return page(WALLETS);
    if (id === 'merchantWallets.currencies') return page(CURRENCIES);
    if (id === 'merchantWallets.banks') return page([{ code: 'ATLS', name: 'Atlas Bank' }]);
    throw new Error(`unexpected call ${id}`);
  }) as never);
}

async function renderList() {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return renderInRouter(() => (
    <SessionProvider session={session}>
      <WalletListScreen search={{}} onSearchChange={() => {}} />
    </SessionProvider>
  ));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalData('u-1');
});

describe('WalletListScreen', () => {
  it('shows a card per wallet with its balance in the currency’s decimals, and the summary row', async () => {
    stubApi(true);
    const view = await renderList();
    await waitFor(() => expect(screen.getAllByTestId('wallet-card')).toHaveLength(2));
    const cards = screen.getAllByTestId('wallet-card');
    const usd = cards.find((c) => c.dataset.currency === 'USD');
    const jpy = cards.find((c) => c.dataset.currency === 'JPY');
    // The decimals are a read of their own (the currencies), which may answer after the wallets.
    await waitFor(() => expect(within(usd as HTMLElement).getByTestId('wallet-card-balance').textContent).toBe('1,234.50USD'));
    expect(within(jpy as HTMLElement).getByTestId('wallet-card-balance').textContent).toBe('98,765JPY');
    expect(within(usd as HTMLElement).getByTestId('wallet-card-bank').textContent).toBe('Atlas Bank');
    // The summary adds up the first currency (alphabetical): JPY.
    await waitFor(() => expect(screen.getByTestId('wallet-summary-balance').textContent).toContain('98,765'));
    expect(screen.getByTestId('wallet-summary-costRate').textContent).toContain('1.08000000');
    expect(screen.getByTestId('cached-age').dataset.offline).toBe('false');
    view.unmount();
  });

  it('with no network shows the wallets last seen on this device, marked offline with their age', async () => {
    const online = stubApi(true);
    const first = await renderList();
    await waitFor(() => expect(screen.getAllByTestId('wallet-card')).toHaveLength(2));
    first.unmount();
    online.mockRestore();

    stubApi(false);
    await renderList();
    await waitFor(() => expect(screen.getByTestId('cached-age').dataset.offline).toBe('true'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('wallet-card')
          .map((c) => c.dataset.walletId)
          .sort(),
      ).toEqual(['w1', 'w2']),
    );
    expect(screen.getByTestId('cached-age').textContent).toMatch(/^Offline: showing data from \d+ seconds? ago$/);
  });

  it('offline with nothing saved says so in the empty-wallet placeholder', async () => {
    stubApi(false);
    await renderList();
    await waitFor(() => expect(screen.getByTestId('empty-wallet-placeholder')).toBeTruthy());
    expect(screen.getByTestId('empty-wallet-placeholder').textContent).toContain('You are offline');
  });
});

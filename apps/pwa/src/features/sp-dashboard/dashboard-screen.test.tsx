import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[], total = content.length) => ({ content, page: 0, size: 10, totalElements: total, totalPages: 1 });

function answerCalls() {
  answersById.set('spWallets.currencies', () =>
    Promise.resolve(
      page([
        { code: 'USD', dp: 2 },
        { code: 'GBP', dp: 2 },
      ]),
    ),
  );
  answersById.set('spWallets.positionSummary', () =>
    Promise.resolve([
      {
        group: 'USD',
        currency: 'USD',
        walletCount: 2,
        balance: '2500000',
        reserve: '0',
        openPosition: '0',
        pendingAuthorization: '0',
        creditLimit: '0',
        balanceUSDEQ: '2500000',
      },
      {
        group: 'GBP',
        currency: 'GBP',
        walletCount: 1,
        balance: '1000',
        reserve: '0',
        openPosition: '0',
        pendingAuthorization: '0',
        creditLimit: '0',
        balanceUSDEQ: '1270',
      },
    ]),
  );
  answersById.set('spWallets.activitySummary', () =>
    Promise.resolve([{ group: '2026-11-30', currency: 'USD', openingBalance: '0', totalCredit: '100', totalDebit: '40', closingBalance: '60', count: 3 }]),
  );
  answersById.set('spTransactions.list', (call) => Promise.resolve(page([], (call.query as { categories: string[] }).categories.includes('TRANSFER') ? 4 : 2)));
  answersById.set('credit.spRequests', () => Promise.resolve(page([], 3)));
  answersById.set('dealProfits.list', () =>
    Promise.resolve(
      page([
        {
          transactionId: 'T1',
          dealType: 'SPOT',
          sourceCurrency: 'USD',
          targetCurrency: 'AED',
          customerRate: '3.67',
          costRate: '3.6',
          profit: '7',
          profitCurrency: 'AED',
          profitUSDEQ: '1.9',
          valueDate: '2026-11-30',
        },
      ]),
    ),
  );
  answersById.set('dealProfits.summary', () => Promise.resolve([{ group: 'AED', currency: 'AED', count: 1, profit: '7' }]));
  answersById.set('spPayments.list', () => Promise.resolve(page([])));
}

beforeEach(resetScriptedApi);
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('dashboard', { timeout: 20_000 }, () => {
  it('shows balances in short forms with their local value, approval counts linking to their lists, profit and failed payouts', async () => {
    answerCalls();
    const { session } = await startedSession({ token: 't' });
    renderSignedIn(session, () => <DashboardScreen />, '/service-provider/wallet/dashboard');
    await waitFor(() => expect(screen.getByTestId('dashboard-balance-USD')).toBeTruthy());
    // 2,501,270 USD in all: the short M form, the full amount on hover.
    const total = screen.getByTestId('dashboard-total-lc');
    expect(total.textContent).toContain('2.501M USD');
    // The decimals are a read of their own (the currencies), which may answer after the balances.
    await waitFor(() => expect(total.querySelector('[title]')?.getAttribute('title')).toBe('2,501,270.00 USD'));
    expect(screen.getByTestId('dashboard-balance-USD').textContent).toContain('2.500M USD');
    expect(screen.getByTestId('dashboard-balance-GBP').textContent).toContain('1,000.00 GBP');
    expect(screen.getByTestId('dashboard-balance-GBP').textContent).toContain('1,270.00 USD');
    await waitFor(() => expect(screen.getByTestId('dashboard-approvals-transfers-count').textContent).toBe('4'));
    await waitFor(() => expect(screen.getByTestId('dashboard-approvals-topUps-count').textContent).toBe('2'));
    await waitFor(() => expect(screen.getByTestId('dashboard-approvals-credit-count').textContent).toBe('3'));
    expect(screen.getByTestId('dashboard-approvals-credit').getAttribute('href')).toBe(
      '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
    );
    await waitFor(() => expect(screen.getByTestId('dashboard-profit-total').textContent).toContain('1.90 USD'));
    expect(screen.getByTestId('dashboard-failed-empty')).toBeTruthy();
    expect(sent.find((s) => s.id === 'spPayments.list')?.query).toMatchObject({ status: 'FAILED' });
    // The cash flow is a read of its own too.
    expect(await screen.findByTestId('dashboard-cash-flow-chart')).toBeTruthy();
  });
});

import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { RevaluationScreen } from './revaluation-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const WALLETS = [
  { id: 'w-eur', alias: 'Frankfurt EUR', currency: { code: 'EUR' }, status: 'ACTIVE', merchantService: null },
  { id: 'w-jpy', alias: 'Tokyo JPY', currency: { code: 'JPY' }, status: 'ACTIVE', merchantService: null },
];
const ROWS = [
  {
    id: 'r-1',
    walletId: 'w-eur',
    currency: 'EUR',
    revaluationDate: '2026-11-20',
    rate: '1.08500000',
    previousRate: '1.08000000',
    balance: '10000',
    gainLoss: '50',
  },
  {
    id: 'r-2',
    walletId: 'w-jpy',
    currency: 'JPY',
    revaluationDate: '2026-11-20',
    rate: '0.00660000',
    previousRate: '0.00670000',
    balance: '1500000',
    gainLoss: '-150',
  },
];

function answerCalls(list: () => Promise<unknown>) {
  answersById.set('revaluation.walletRevaluations', list);
  answersById.set('revaluation.walletRevaluationSummary', () =>
    Promise.resolve([
      { currency: 'EUR', gainLoss: '50', walletCount: 1 },
      { currency: 'JPY', gainLoss: '-150', walletCount: 2 },
    ]),
  );
  answersById.set('spWallets.list', () => Promise.resolve(page(WALLETS)));
  answersById.set('spWallets.currencies', () =>
    Promise.resolve(
      page([
        { code: 'EUR', dp: 2 },
        { code: 'JPY', dp: 0 },
      ]),
    ),
  );
}

async function renderScreen(search: Record<string, unknown> = {}) {
  const route = { useSearch: () => search };
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <RevaluationScreen route={route} />, '/service-provider/transactions/revaluation/list');
}

beforeEach(resetScriptedApi);
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('wallet revaluations', { timeout: 20_000 }, () => {
  it('lists each wallet’s revaluation with its rates and signed gain or loss, and the total per currency', async () => {
    answerCalls(() => Promise.resolve(page(ROWS)));
    await renderScreen();
    await waitFor(() => expect(screen.getByText('Tokyo JPY (JPY)')).toBeTruthy());
    const table = screen.getByRole('table');
    // The decimals are a read of their own (the currencies), which may answer after the list and the wallets.
    await waitFor(() => expect(within(table).getByText('+50.00 EUR')).toBeTruthy());
    expect(within(table).getByText('-150 JPY')).toBeTruthy();
    expect(within(table).getByText('1,500,000 JPY')).toBeTruthy();
    expect(within(table).getByText('1.08500000')).toBeTruthy();
    expect(sent.find((s) => s.id === 'revaluation.walletRevaluations')?.query).toEqual({ page: 0, size: 10 });
    // The summary is a read of its own: it may come after the list.
    expect((await screen.findByTestId('revaluation-summary-JPY-amount')).textContent).toBe('-150 JPY');
    expect(screen.getByTestId('revaluation-summary-EUR').textContent).toContain('1 wallet');
    expect(screen.getByTestId('revaluation-summary-JPY').textContent).toContain('2 wallets');
  });

  it('asks the list and the summary with the same filters from the URL', async () => {
    answerCalls(() => Promise.resolve(page([])));
    await renderScreen({
      filters: [
        { key: 'walletId', value: ['w-eur'] },
        { key: 'currency', value: 'eur' },
        { key: 'revaluationDate', value: { from: '2026-11-01', to: '2026-11-30' } },
      ],
      sort: ['gainLoss,DESC'],
    });
    expect(await screen.findByTestId('revaluation-empty')).toBeTruthy();
    const filter = { walletId: 'w-eur', currency: 'EUR', fromDate: '2026-11-01', toDate: '2026-11-30' };
    expect(sent.find((s) => s.id === 'revaluation.walletRevaluations')?.query).toEqual({ ...filter, page: 0, size: 10, sort: ['gainLoss,DESC'] });
    expect(sent.find((s) => s.id === 'revaluation.walletRevaluationSummary')?.query).toEqual(filter);
  });

  it('says the list could not be loaded when the call is refused', async () => {
    answerCalls(() => Promise.reject(new ApiError({ status: 404, code: 'ROUTE_NOT_FOUND', message: 'Route not found', invalidParameters: [] })));
    await renderScreen();
    expect((await screen.findByTestId('revaluation-error')).textContent).toBe('The revaluations could not be loaded. Try again in a moment.');
  });
});

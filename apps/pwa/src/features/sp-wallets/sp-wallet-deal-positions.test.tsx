import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { answers, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { SpWalletDealPositions, dealPositionQuery } from './sp-wallet-deal-positions.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const row = (over: Record<string, string>) => ({
  walletId: 'w-jpy',
  valueDate: '2026-11-30',
  dealType: 'SPOT',
  currency: 'JPY',
  dealCommitFromDealsAmount: '0',
  dealCommitFromBalanceAmount: '3010',
  dealAllocated: '-2000',
  dealFixedWithBank: '-500',
  dealPendingWithBank: '-500',
  dealRealisedWithBank: '0',
  openPosition: '-3500',
  ...over,
});

// JPY has no decimals, USD two: each figure is shown with its row currency's decimals.
const dpOf = (code: string | undefined) => (code === 'JPY' ? 0 : 2);
let userSeq = 0;

async function renderTab(walletId = 'w-jpy') {
  // Each test its own user: the device cache is per user, so one test's answer never shows in the next.
  const { session } = fakeSession({ token: 't', user: { ...(await import('@/test/fake-session.ts')).merchantUser, id: `u-dp-${++userSeq}` } });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return render(
    <SessionProvider session={session}>
      <SpWalletDealPositions walletId={walletId} dpOf={dpOf} />
    </SessionProvider>,
  );
}

const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(resetScriptedApi);

describe("a TSP wallet's deal position tab", () => {
  it("lists the wallet's rows with every figure in the currency's decimals", async () => {
    answers.push(() => Promise.resolve([row({}), row({ valueDate: '2026-12-01', dealType: 'FWD', currency: 'USD', dealAllocated: '1234.5' })]));
    await renderTab();
    const rows = await screen.findAllByTestId('data-table-row');
    expect(rows).toHaveLength(2);
    expect(cells(rows[0] as HTMLElement)).toEqual(['2026-11-30', 'SPOT', 'JPY', '0', '3,010', '-2,000', '-500', '-500', '0', '-3,500']);
    expect(cells(rows[1] as HTMLElement).slice(0, 5)).toEqual(['2026-12-01', 'FWD', 'USD', '0.00', '3,010.00']);
    expect(cells(rows[1] as HTMLElement)[5]).toBe('1,234.50');
    expect(sent[0]).toEqual({ id: 'dealPositions.byWallet', path: { walletId: 'w-jpy' }, query: {} });
    for (const header of [
      'Committed from deals',
      'Committed from balance',
      'Allocated',
      'Fixed with bank',
      'Pending with bank',
      'Realised with bank',
      'Open position',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
  });

  it('filters by deal type: one type is asked of the server, the rows narrowed to it', async () => {
    answers.push(() => Promise.resolve([row({}), row({ dealType: 'CASH' })]));
    answers.push(() => Promise.resolve([row({ dealType: 'CASH' })]));
    await renderTab();
    expect(await screen.findAllByTestId('data-table-row')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('data-table-filter-dealType'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'CASH' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ id: 'dealPositions.byWallet', path: { walletId: 'w-jpy' }, query: { dealType: 'CASH' } });
    await waitFor(() => expect(screen.getAllByTestId('data-table-row').map((r) => cells(r)[1])).toEqual(['CASH']));
  });

  it('says when the wallet has no deals yet', async () => {
    answers.push(() => Promise.resolve([]));
    await renderTab('w-empty');
    expect((await screen.findByTestId('sp-wallet-no-deal-positions')).textContent).toBe('No deals on this wallet yet.');
  });

  it('says when the positions could not be loaded, and tries again on request', async () => {
    answers.push(() => Promise.reject(new ApiError({ status: 500, code: 'INTERNAL', message: 'boom' })));
    answers.push(() => Promise.resolve([row({})]));
    await renderTab('w-broken');
    expect((await screen.findByTestId('sp-wallet-deal-positions-error')).textContent).toContain('The deal positions could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('data-table-row')).toHaveLength(1);
  });
});

describe('the deal position query', () => {
  it('sends one deal type and a one-day value date; several types or a range are narrowed on the rows', () => {
    expect(dealPositionQuery({ dealTypes: ['TOM'], from: '2026-12-01', to: '2026-12-01' })).toEqual({ dealType: 'TOM', valueDate: '2026-12-01' });
    expect(dealPositionQuery({ dealTypes: ['TOM', 'SPOT'], from: '2026-12-01', to: '2026-12-05' })).toEqual({});
  });
});

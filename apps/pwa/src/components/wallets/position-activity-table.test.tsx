import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { PositionActivityTable, type PositionActivityCall } from './position-activity-table.tsx';
import { movementOf } from './position-movement.ts';
import { StatementViews, statementView } from './statement-views.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[], totalElements = content.length) => ({ content, page: 0, size: 10, totalElements, totalPages: 1 });
const move = (id: string, action: string, amount: string, balanceAfter: string, over: Record<string, unknown> = {}) => ({
  walletPositionActivityId: id,
  walletId: 'w-usd',
  transactionId: 'PMT20261127ABCDEF0123',
  category: 'PAYMENT',
  action,
  currency: 'USD',
  amount,
  balanceAfter,
  date: '2026-11-27T09:00:00.000Z',
  ...over,
});
// A completed payment, newest first: settled (balance debited), hold released, held.
const COMPLETED = [
  move('l-4', 'balance_DEBIT', '5', '8995'),
  move('l-3', 'balance_DEBIT', '1000', '9000'),
  move('l-2', 'pendingAuthorization_DEBIT', '1005', '0'),
  move('l-1', 'pendingAuthorization_CREDIT', '1005', '1005'),
  move('l-0', 'balance_CREDIT', '10000', '10000', { transactionId: 'TXN20261101AAAA', category: 'TOPUP' }),
];

function Harness({ call }: { call: PositionActivityCall }) {
  const search = useSearch({ strict: false }) as { view?: string };
  const route = { useSearch: () => useSearch({ strict: false }) };
  return (
    <StatementViews
      view={statementView(search.view)}
      statement={<p data-testid="statement-table">statement</p>}
      holds={
        <PositionActivityTable
          call={call}
          route={route}
          walletId="w-usd"
          dp={2}
          tableKey="test-holds"
          transactionLink={(id, m) => (m.category === 'PAYMENT' ? <a href={`/payments/${id}`}>{id}</a> : null)}
        />
      }
    />
  );
}

async function renderAt(path: string, call: PositionActivityCall = 'merchantWallets.positionActivity') {
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <Harness call={call} />, path);
}

beforeEach(() => {
  resetScriptedApi();
  // Each test starts without a saved page config of the table (a table without URL params restores it).
  sessionStorage.clear();
});
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('movement of a position line', () => {
  it('names holds, releases and settlements from bucket and side', () => {
    expect(movementOf('pendingAuthorization_CREDIT')).toEqual({ bucket: 'pendingAuthorization', movement: 'held', side: 'CREDIT' });
    expect(movementOf('pendingAuthorization_DEBIT').movement).toBe('released');
    expect(movementOf('reserve_CREDIT').movement).toBe('held');
    expect(movementOf('merchantCreditReserve_DEBIT')).toEqual({ bucket: 'merchantCreditReserve', movement: 'released', side: 'DEBIT' });
    expect(movementOf('balance_DEBIT').movement).toBe('settled');
    expect(movementOf('balance_CREDIT').movement).toBe('credited');
    expect(movementOf('openPosition_CREDIT').movement).toBe('increased');
    expect(movementOf('creditLimit_DEBIT').movement).toBe('decreased');
  });
});

describe("a wallet's holds and releases", { timeout: 20_000 }, () => {
  it('lists each movement of a payment with its meaning, signed amount and the bucket after it', async () => {
    answersById.set('merchantWallets.positionActivity', () => Promise.resolve(page(COMPLETED, 25)));
    await renderAt('/merchant/wallet/w-usd?tab=activity-statements&view=holds');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByTestId('position-movement')).toHaveLength(5));
    const rows = within(table).getAllByRole('row').slice(1);
    const texts = rows.map((r) => within(r).getByTestId('position-movement').textContent);
    expect(texts).toEqual(['SettledBalance', 'SettledBalance', 'ReleasedPending authorization', 'HeldPending authorization', 'CreditedBalance']);
    expect(rows[3]?.textContent).toContain('+1,005.00 USD');
    expect(rows[2]?.textContent).toContain('-1,005.00 USD');
    expect(rows[2]?.textContent).toContain('0.00 USD');
    expect(rows[1]?.textContent).toContain('9,000.00 USD');
    // A payment's movements open its page; a movement without a page shows its id.
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'PMT20261127ABCDEF0123' })
        .getAttribute('href'),
    ).toBe('/payments/PMT20261127ABCDEF0123');
    expect(within(rows[4] as HTMLElement).queryByRole('link', { name: 'TXN20261101AAAA' })).toBeNull();
    expect(rows[4]?.textContent).toContain('TXN20261101AAAA');
    expect(sent.find((s) => s.id === 'merchantWallets.positionActivity')?.query).toEqual({ walletIds: ['w-usd'], page: 0, size: 10 });
    expect(screen.queryByTestId('statement-table')).toBeNull();
  });

  it('asks the TSP call for the page and sort in the URL', async () => {
    answersById.set('spWallets.merchantPositionActivity', () => Promise.resolve(page([])));
    await renderAt('/service-provider/wallet/merchant/w-usd?tab=statement&view=holds&page=3&sort=amount%2CASC', 'spWallets.merchantPositionActivity');
    expect(await screen.findByTestId('position-activity-empty')).toBeTruthy();
    expect(sent.find((s) => s.id === 'spWallets.merchantPositionActivity')?.query).toEqual({ walletIds: ['w-usd'], page: 2, size: 10, sort: ['amount,ASC'] });
  });

  it('says the movements could not be loaded when the call is refused', async () => {
    answersById.set('merchantWallets.positionActivity', () =>
      Promise.reject(
        new ApiError({
          status: 404,
          code: 'NOT_FOUND',
          message: 'No wallet',
          invalidParameters: [{ parameter: 'walletIds', message: 'no such wallet of yours' }],
        }),
      ),
    );
    await renderAt('/merchant/wallet/w-usd?tab=activity-statements&view=holds');
    expect((await screen.findByTestId('position-activity-error')).textContent).toBe('The holds and releases could not be loaded. Try again in a moment.');
  });

  it('opens on the statement; the segmented control switches view in the URL and starts the other table on its first page', async () => {
    answersById.set('merchantWallets.positionActivity', () => Promise.resolve(page(COMPLETED.slice(0, 1))));
    const { router } = await renderAt('/merchant/wallet/w-usd?tab=activity-statements&page=4');
    expect(screen.getByTestId('statement-table')).toBeTruthy();
    expect(screen.getByTestId('statement-view-statement').getAttribute('aria-current')).toBe('page');
    expect(sent.some((s) => s.id === 'merchantWallets.positionActivity')).toBe(false);

    fireEvent.click(screen.getByTestId('statement-view-holds'));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'activity-statements', view: 'holds' }));
    expect(await screen.findByTestId('position-movement')).toBeTruthy();
    expect(screen.getByTestId('statement-view-holds').getAttribute('aria-current')).toBe('page');
    expect(sent.find((s) => s.id === 'merchantWallets.positionActivity')?.query).toEqual({ walletIds: ['w-usd'], page: 0, size: 10 });

    fireEvent.click(screen.getByTestId('statement-view-statement'));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'activity-statements' }));
    expect(screen.getByTestId('statement-table')).toBeTruthy();
  });
});

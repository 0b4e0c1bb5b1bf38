import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { ReconciliationScreen } from './reconciliation-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const WALLETS = [{ id: 'w-usd', alias: 'Nostro USD', currency: { code: 'USD' }, status: 'ACTIVE', merchantService: null }];
const day = (date: string, expected: string, settled: string, excess: string, status: string, open: number) => ({
  walletId: 'w-usd',
  walletAlias: 'Nostro USD',
  currency: 'USD',
  settlementDate: date,
  settlements: 1,
  expectedAmount: expected,
  settledAmount: settled,
  excessAmount: excess,
  exceptions: open,
  openExceptions: open,
  isReconciled: open === 0,
  status,
  settlementTransactionIds: [`FXS-${date}`],
});
const DAYS = [day('2026-11-27', '1.16', '2.32', '1.16', 'EXCEPTIONS', 1), day('2026-11-23', '1', '1', '0', 'RECONCILED', 0)];
const exception = (over: Record<string, unknown> = {}) => ({
  id: 'RX-1',
  kind: 'EXCESS',
  status: 'OPEN',
  settlementTransactionId: 'FXS-2026-11-27',
  settlementType: 'FX_PREMIUM',
  walletId: 'w-usd',
  walletAlias: 'Nostro USD',
  merchantId: 'm-1',
  currency: 'USD',
  settlementDate: '2026-11-27',
  expectedAmount: '1.16',
  settledAmount: '2.32',
  differenceAmount: '1.16',
  isReconciled: true,
  reason: null,
  adjustment: false,
  requestedBy: null,
  requestedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  adjustmentVoucherNo: null,
  ...over,
});

function answerCalls(rows = [exception()]) {
  answersById.set('spWallets.list', () => Promise.resolve(page(WALLETS)));
  answersById.set('spWallets.currencies', () => Promise.resolve(page([{ code: 'USD', dp: 2 }])));
  answersById.set('reconciliation.days', () => Promise.resolve(DAYS));
  answersById.set('reconciliation.exceptions', () => Promise.resolve(page(rows)));
}

const ROUTE = { useSearch: () => ({}) };
async function renderScreen() {
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <ReconciliationScreen route={ROUTE} />, '/service-provider/chart/excess-and-exceptions');
}

beforeEach(resetScriptedApi);
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('reconciliation', { timeout: 20_000 }, () => {
  it('shows the days against the ledger, the summary and the exceptions', async () => {
    answerCalls();
    await renderScreen();
    await waitFor(() => expect(screen.getByText('FXS-2026-11-27')).toBeTruthy(), { timeout: 15_000 });
    // The days and the exceptions are two reads that answer in either order: the summary counts the days.
    await waitFor(() => expect(screen.getByTestId('summary-reconciled').textContent).toBe('1'));
    expect(screen.getByTestId('summary-exceptions').textContent).toBe('1');
    // The decimals of USD are a third read (the currencies), which may answer after the days.
    await waitFor(() => expect(screen.getByTestId('summary-excess').textContent).toBe('1.16 USD'));
    const days = within(screen.getByTestId('reconciliation-days'));
    expect(days.getAllByTestId('day-status').map((b) => b.getAttribute('data-status'))).toEqual(['EXCEPTIONS', 'RECONCILED']);
    expect(screen.getByTestId('reconciliation-chart').getAttribute('aria-label')).toContain('USD');
    expect(sent.find((s) => s.id === 'reconciliation.exceptions')?.query).toEqual({ page: 0, size: 10 });
    expect(screen.getByTestId('exception-status').getAttribute('data-status')).toBe('OPEN');
  });

  it('resolves with a reason and an adjustment under one idempotency key, then reads again', async () => {
    answerCalls();
    answersById.set('reconciliation.resolve', () =>
      Promise.resolve(
        exception({ status: 'PENDING_APPROVAL', adjustment: true, reason: 'Paid twice', requestedBy: 'Oliver Grant', requestedAt: '2026-12-02T04:00:00.000Z' }),
      ),
    );
    await renderScreen();
    fireEvent.click(await screen.findByTestId('exception-resolve'));
    const confirm = screen.getByTestId('exception-confirm') as HTMLButtonElement;
    // No reason yet: nothing to send.
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('exception-reason'), { target: { value: 'Paid twice' } });
    fireEvent.click(screen.getByTestId('exception-adjust'));
    const before = sent.filter((s) => s.id === 'reconciliation.exceptions').length;
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByTestId('exception-dialog')).toBeNull());
    const call = sent.find((s) => s.id === 'reconciliation.resolve');
    expect((call as { path?: unknown } | undefined)?.path).toEqual({ exceptionId: 'RX-1' });
    expect(call?.body).toEqual({ reason: 'Paid twice', adjust: true });
    expect(call?.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.id === 'reconciliation.exceptions').length).toBeGreaterThan(before));
  });

  it('an unsettled settlement offers no adjustment', async () => {
    answerCalls([exception({ kind: 'UNSETTLED', settledAmount: '0', differenceAmount: '1.16' })]);
    await renderScreen();
    fireEvent.click(await screen.findByTestId('exception-resolve'));
    expect(screen.queryByTestId('exception-adjust')).toBeNull();
  });

  it('shows the server refusing the requester’s own approval and keeps the dialog open', async () => {
    answerCalls([
      exception({ status: 'PENDING_APPROVAL', adjustment: true, reason: 'Paid twice', requestedBy: 'Oliver Grant', requestedAt: '2026-12-02T04:00:00.000Z' }),
    ]);
    answersById.set('reconciliation.approve', () =>
      Promise.reject(
        new ApiError({
          status: 403,
          code: 'MAKER_CHECKER',
          message: 'You asked for this adjustment; another user must approve it',
          invalidParameters: [{ parameter: 'exceptionId', message: 'the adjustment of RX-1 was asked for by you' }],
          traceId: 't',
        }),
      ),
    );
    await renderScreen();
    fireEvent.click(await screen.findByTestId('exception-approve'));
    fireEvent.click(screen.getByTestId('exception-confirm'));
    expect(await screen.findByText('the adjustment of RX-1 was asked for by you')).toBeTruthy();
    expect(screen.getByTestId('exception-dialog')).toBeTruthy();
  });
});

import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { ClearancesScreen } from './clearances-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const WALLETS = [
  { id: 'w-usd', alias: 'Operating USD', currency: { code: 'USD' }, status: 'ACTIVE', merchantService: null },
  { id: 'w-aed', alias: 'Dubai AED', currency: { code: 'AED' }, status: 'ACTIVE', merchantService: null },
];
const CANDIDATES = [
  { transactionId: 'TXN-1', merchantServiceId: 'sp-2', targetCurrency: 'USD', amount: '1000', direction: 'RECEIVABLE', valueDate: '2026-11-18' },
  { transactionId: 'TXN-2', merchantServiceId: 'sp-2', targetCurrency: 'USD', amount: '400.5', direction: 'PAYABLE', valueDate: '2026-11-19' },
  { transactionId: 'TXN-3', merchantServiceId: 'sp-3', targetCurrency: 'USD', amount: '50', direction: 'PAYABLE', valueDate: '2026-11-20' },
];
const PREVIEW = { walletId: 'w-usd', currency: 'USD', payable: '450.5', receivable: '1000', net: '549.5', transactionIds: ['TXN-1', 'TXN-2', 'TXN-3'] };

function answerCalls() {
  answersById.set('spWallets.list', () => Promise.resolve(page(WALLETS)));
  answersById.set('spWallets.currencies', () =>
    Promise.resolve(
      page([
        { code: 'USD', dp: 2 },
        { code: 'AED', dp: 2 },
      ]),
    ),
  );
  answersById.set('spWallets.merchantWallets', () => Promise.resolve(page([])));
  answersById.set('settlements.netOffCandidates', () => Promise.resolve(page(CANDIDATES)));
  answersById.set('settlements.creditNetOffPreview', () => Promise.resolve(PREVIEW));
}

const ROUTE = { useSearch: () => ({}) };
async function renderScreen() {
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <ClearancesScreen route={ROUTE} />, '/service-provider/transactions/clearances');
}
const rowBoxes = () => screen.getAllByTestId('data-table-select-row') as HTMLInputElement[];

beforeEach(resetScriptedApi);
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('clearances', { timeout: 20_000 }, () => {
  it('shows the first wallet’s open items and the preview of netting them all', async () => {
    answerCalls();
    await renderScreen();
    // The table is drawn again once the wallet is known: ask for it after its rows are in.
    await waitFor(() => expect(screen.getByText('TXN-2')).toBeTruthy());
    const table = screen.getByRole('table');
    expect(sent.find((s) => s.id === 'settlements.netOffCandidates')?.query).toEqual({ spWalletId: 'w-usd', page: 0, size: 10 });
    expect(sent.find((s) => s.id === 'settlements.creditNetOffPreview')?.query).toEqual({ walletId: 'w-usd' });
    // The decimals are a read of their own (the currencies), which may answer after the items.
    await waitFor(() => expect(within(table).getByText('+1,000.00 USD')).toBeTruthy());
    expect(within(table).getByText('-400.50 USD')).toBeTruthy();
    expect(within(table).getAllByText('Payable')).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('net-off-preview-net').textContent).toBe('549.50 USD'));
    expect(screen.getByTestId('net-off-preview-payable').textContent).toBe('450.50 USD');
    expect(screen.getByTestId('net-off-preview-items').textContent).toBe('3');
  });

  it('says when a wallet has nothing to clear', async () => {
    answerCalls();
    answersById.set('settlements.netOffCandidates', () => Promise.resolve(page([])));
    await renderScreen();
    expect(await screen.findByTestId('clearances-empty')).toBeTruthy();
    expect((screen.getByTestId('net-off-execute') as HTMLButtonElement).disabled).toBe(true);
  });

  it('nets off two chosen items after a confirmation naming the net, with an idempotency key, then reads again', async () => {
    answerCalls();
    answersById.set('settlements.netOff', () =>
      Promise.resolve({ netOffId: 'n-1', transactionIds: ['TXN-1', 'TXN-2'], currency: 'USD', netAmount: '599.5', settlementTransactionId: 'NET-1' }),
    );
    await renderScreen();
    await waitFor(() => expect(rowBoxes()).toHaveLength(3));
    const execute = screen.getByTestId('net-off-execute') as HTMLButtonElement;
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    // One item nets nothing: the call needs two.
    expect(execute.disabled).toBe(true);
    fireEvent.click(rowBoxes()[1] as HTMLInputElement);
    expect(execute.disabled).toBe(false);
    fireEvent.click(execute);
    // The net's decimals come with the currencies, a read apart from the items awaited above.
    await waitFor(() =>
      expect(screen.getByTestId('net-off-summary').textContent).toBe(
        '2 transactions are netted off; the net 599.50 USD is posted to the wallet. This cannot be undone.',
      ),
    );
    expect(sent.some((s) => s.id === 'settlements.netOff')).toBe(false);
    fireEvent.change(screen.getByTestId('net-off-remarks'), { target: { value: ' November clearing ' } });
    const reads = sent.filter((s) => s.id === 'settlements.netOffCandidates').length;
    fireEvent.click(screen.getByTestId('net-off-confirm'));
    await waitFor(() => expect(screen.queryByTestId('net-off-dialog')).toBeNull());
    const call = sent.find((s) => s.id === 'settlements.netOff');
    expect(call?.body).toEqual({ spWalletId: 'w-usd', transactionIds: ['TXN-1', 'TXN-2'], remarks: 'November clearing' });
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(sent.filter((s) => s.id === 'settlements.netOffCandidates').length).toBeGreaterThan(reads));
    // The new list starts with nothing chosen.
    await waitFor(() => expect(rowBoxes().some((b) => b.checked)).toBe(false));
  });

  it('keeps the confirmation open with the server’s refusal, and sends again under the same key', async () => {
    answerCalls();
    answersById.set('settlements.netOff', () =>
      Promise.reject(new ApiError({ status: 409, code: 'ALREADY_SETTLED', message: 'Transaction TXN-2 is already netted off', invalidParameters: [] })),
    );
    await renderScreen();
    await waitFor(() => expect(rowBoxes()).toHaveLength(3));
    fireEvent.click(rowBoxes()[1] as HTMLInputElement);
    fireEvent.click(rowBoxes()[2] as HTMLInputElement);
    fireEvent.click(screen.getByTestId('net-off-execute'));
    fireEvent.click(await screen.findByTestId('net-off-confirm'));
    expect((await screen.findByTestId('net-off-refusal')).textContent).toBe('Transaction TXN-2 is already netted off');
    fireEvent.click(screen.getByTestId('net-off-confirm'));
    await waitFor(() => expect(sent.filter((s) => s.id === 'settlements.netOff')).toHaveLength(2));
    const [first, second] = sent.filter((s) => s.id === 'settlements.netOff');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(screen.getByTestId('net-off-dialog')).toBeTruthy();
  });

  it('asks for another wallet’s items when the wallet changes', async () => {
    answerCalls();
    const { router } = await renderScreen();
    await waitFor(() => expect(screen.getByTestId('clearance-wallet').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('clearance-wallet'), { target: { value: 'w-aed' } });
    await waitFor(() => expect(JSON.stringify(router.state.location.search)).toContain('w-aed'));
  });
});

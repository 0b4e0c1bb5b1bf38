import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { MiscPaymentsScreen } from './misc-payments-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const WALLETS = [
  { id: 'w-usd', alias: 'Operating USD', currency: { code: 'USD' }, status: 'ACTIVE', merchantService: null },
  { id: 'w-jpy', alias: 'Tokyo float', currency: { code: 'JPY' }, status: 'ACTIVE', merchantService: null },
  { id: 'w-old', alias: 'Closed EUR', currency: { code: 'EUR' }, status: 'INACTIVE', merchantService: null },
];
const PARTIES = [
  { id: 'fp-1', name: 'Head office', enabled: true },
  { id: 'fp-2', name: 'Retired bank', enabled: false },
];
const PURPOSES = [
  { id: 'SERVICES', name: 'Payment for services' },
  { id: 'RENT', name: 'Rent' },
];
const ENTRY = {
  id: 'v-1',
  voucherNo: 'JV-0001',
  transactionId: 'MISC-20261120-AB12CD34',
  tspId: 'sp-1',
  tspWalletId: 'w-usd',
  merchantId: null,
  msWalletId: null,
  category: 'MISC_PAYMENT',
  subCategory: 'RENT',
  transactionType: 'MISC_PAYMENT_OUT',
  createdAt: '2026-11-20T09:00:00.000Z',
  voucher: {
    voucherNo: 'JV-0001',
    branchName: null,
    modifiedBy: null,
    modifiedDate: null,
    status: 'POSTED',
    voucherDate: '2026-11-20',
    totalCreditAmountInLc: '1250.5',
    totalDebitAmountInLc: '1250.5',
    voucherDetails: [
      {
        accountName: 'Operating USD',
        accountCode: '500100',
        accountCcyCode: 'USD',
        rate: '1',
        debitORCredit: 'D',
        amountInFC: '1250.5',
        amountInLC: '1250.5',
        description1: 'November office rent',
        description2: 'Funding party fp-1',
      },
      {
        accountName: 'Pool',
        accountCode: '500900',
        accountCcyCode: 'USD',
        rate: '1',
        debitORCredit: 'C',
        amountInFC: '1250.5',
        amountInLC: '1250.5',
        description1: 'RENT',
        description2: null,
      },
    ],
  },
};

function answerReferenceCalls(entries: () => Promise<unknown>) {
  answersById.set('accounting.entries', entries);
  answersById.set('spWallets.list', () => Promise.resolve(page(WALLETS)));
  answersById.set('spWallets.currencies', () =>
    Promise.resolve(
      page([
        { code: 'USD', dp: 2 },
        { code: 'JPY', dp: 0 },
        { code: 'EUR', dp: 2 },
      ]),
    ),
  );
  answersById.set('fundingParties.list', () => Promise.resolve(page(PARTIES)));
  answersById.set('reference.transactionPurposes', () => Promise.resolve(page(PURPOSES)));
}

const ROUTE = { useSearch: () => ({}) };
async function renderScreen() {
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <MiscPaymentsScreen route={ROUTE} />, '/service-provider/transactions/miscellaneous-payments/list');
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

beforeEach(resetScriptedApi);
afterEach(async () => {
  await clearLocalData('u-1');
});

describe('miscellaneous payments', { timeout: 20_000 }, () => {
  it('lists the TSP’s miscellaneous payments from their accounting entries, newest first', async () => {
    answerReferenceCalls(() => Promise.resolve(page([ENTRY])));
    await renderScreen();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('MISC-20261120-AB12CD34')).toBeTruthy());
    expect(sent.find((s) => s.id === 'accounting.entries')?.query).toEqual({ page: 0, size: 10, sort: ['createdAt,DESC'], category: 'MISC_PAYMENT' });
    await waitFor(() => expect(within(table).getByText('Operating USD (USD)')).toBeTruthy());
    expect(within(table).getByText('Money out')).toBeTruthy();
    // The purposes, the funding parties and the currencies are reads of their own: each may answer after the wallets.
    await waitFor(() => expect(within(table).getByText('Rent')).toBeTruthy());
    expect(within(table).getByText('November office rent')).toBeTruthy();
    await waitFor(() => expect(within(table).getByText('Head office')).toBeTruthy());
    await waitFor(() => expect(within(table).getByText('-1,250.50 USD')).toBeTruthy());
  });

  it('says when there is nothing yet, and when the list could not be loaded', async () => {
    answerReferenceCalls(() => Promise.resolve(page([])));
    const first = await renderScreen();
    expect(await screen.findByTestId('misc-payments-empty')).toBeTruthy();
    first.unmount();
    await clearLocalData('u-1');
    answerReferenceCalls(() => Promise.reject(new ApiError({ status: 500, code: 'INTERNAL', message: 'boom', invalidParameters: [] })));
    await renderScreen();
    expect((await screen.findByTestId('misc-payments-error')).textContent).toBe('The miscellaneous payments could not be loaded. Try again in a moment.');
  });

  it('offers only active wallets and enabled funding parties, and names every missing field, sending nothing', async () => {
    answerReferenceCalls(() => Promise.resolve(page([])));
    await renderScreen();
    fireEvent.click(await screen.findByTestId('misc-payment-new'));
    await waitFor(() => expect([...screen.getByTestId('misc-spWalletId').querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'w-usd', 'w-jpy']));
    // The funding parties are a read apart from the wallets.
    await waitFor(() => expect([...screen.getByTestId('misc-fundingPartyId').querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'fp-1']));
    fireEvent.click(screen.getByTestId('misc-submit'));
    expect((await screen.findByTestId('misc-spWalletId-error')).textContent).toBe('Required');
    expect(screen.getByTestId('misc-amount-error').textContent).toBe('Required');
    expect(screen.getByTestId('misc-fundingPartyId-error').textContent).toBe('Required');
    expect(screen.getByTestId('misc-purpose-error').textContent).toBe('Required');
    type('misc-spWalletId', 'w-jpy');
    type('misc-amount', '100.5');
    fireEvent.click(screen.getByTestId('misc-submit'));
    await waitFor(() => expect(screen.getByTestId('misc-amount-error').textContent).toBe('At most 0 decimals'));
    expect(sent.some((s) => s.id === 'settlements.miscPayment')).toBe(false);
  });

  it('posts in the wallet’s currency with an idempotency key, then lists again', async () => {
    answerReferenceCalls(() => Promise.resolve(page([])));
    answersById.set('settlements.miscPayment', () =>
      Promise.resolve({ settlementTransactionId: 'MISC-1', type: 'MISC', status: 'POSTED', currency: 'USD', amount: '250.75', vouchers: ['JV-9'] }),
    );
    await renderScreen();
    fireEvent.click(await screen.findByTestId('misc-payment-new'));
    await waitFor(() => expect(screen.getByTestId('misc-spWalletId').querySelectorAll('option')).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('misc-purpose').querySelectorAll('option')).toHaveLength(3));
    // The funding parties are a read of their own: choose one once it is offered.
    await waitFor(() => expect(screen.getByTestId('misc-fundingPartyId').querySelectorAll('option')).toHaveLength(2));
    type('misc-spWalletId', 'w-usd');
    type('misc-direction', 'IN');
    type('misc-amount', ' 250.75 ');
    type('misc-fundingPartyId', 'fp-1');
    type('misc-purpose', 'SERVICES');
    type('misc-remarks', ' Refund of fees ');
    const listed = sent.filter((s) => s.id === 'accounting.entries').length;
    fireEvent.click(screen.getByTestId('misc-submit'));
    await waitFor(() => expect(screen.queryByTestId('misc-payment-dialog')).toBeNull());
    const post = sent.find((s) => s.id === 'settlements.miscPayment');
    expect(post?.body).toEqual({
      spWalletId: 'w-usd',
      fundingPartyId: 'fp-1',
      purpose: 'SERVICES',
      currency: 'USD',
      amount: '250.75',
      direction: 'IN',
      remarks: 'Refund of fees',
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(sent.filter((s) => s.id === 'accounting.entries').length).toBeGreaterThan(listed));
  });

  it('shows the server’s refusal of the currency on the amount field and keeps the dialog open', async () => {
    answerReferenceCalls(() => Promise.resolve(page([])));
    answersById.set('settlements.miscPayment', () =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          invalidParameters: [{ parameter: 'currency', message: 'must be the wallet currency USD' }],
        }),
      ),
    );
    await renderScreen();
    fireEvent.click(await screen.findByTestId('misc-payment-new'));
    await waitFor(() => expect(screen.getByTestId('misc-spWalletId').querySelectorAll('option')).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('misc-purpose').querySelectorAll('option')).toHaveLength(3));
    // The funding parties are a read of their own: choose one once it is offered.
    await waitFor(() => expect(screen.getByTestId('misc-fundingPartyId').querySelectorAll('option')).toHaveLength(2));
    type('misc-spWalletId', 'w-usd');
    type('misc-amount', '10');
    type('misc-fundingPartyId', 'fp-1');
    type('misc-purpose', 'RENT');
    fireEvent.click(screen.getByTestId('misc-submit'));
    expect((await screen.findByTestId('misc-amount-error')).textContent).toBe('must be the wallet currency USD');
    expect(screen.getByTestId('misc-payment-dialog')).toBeTruthy();
  });
});

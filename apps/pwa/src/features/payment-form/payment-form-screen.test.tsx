import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Quote } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { startBrowserOutbox } from '@/lib/outbox/browser-outbox.ts';
import type { OutboxSender } from '@/lib/outbox/outbox-sender.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { PaymentFormScreen } from './payment-form-screen.tsx';

const sent: Array<{ id: string; body: unknown; idempotencyKey?: string }> = [];
const answers: Record<string, Array<() => Promise<unknown>>> = {};

vi.mock('@/lib/api-client.ts', () => ({
  api: {
    call: (id: string, input: { body: unknown; idempotencyKey?: string }) => {
      sent.push({ id, ...input });
      const next = answers[id]?.shift();
      return next ? next() : Promise.reject(new Error(`no answer queued for ${id}`));
    },
  },
}));
vi.mock('@/lib/server-date.ts', () => ({ serverDates: { latest: () => null } }));
vi.mock('@/lib/session-context.tsx', () => ({ useCurrentUser: () => ({ id: 'u-1' }) }));
vi.mock('@/lib/online-status.ts', () => ({ useOnlineStatus: () => true }));
vi.mock('./use-payment-data.ts', () => {
  const wallets = [
    { id: 'w-aed', alias: 'Globex AED', status: 'ACTIVE', currency: { code: 'AED' }, merchantServiceId: 'm-1', merchantService: { id: 'm-1', name: 'Globex' } },
  ];
  const currencies = [
    { code: 'AED', name: 'UAE Dirham', dp: 2 },
    { code: 'USD', name: 'US Dollar', dp: 2 },
  ];
  return {
    usePaymentWallets: () => ({ data: { content: wallets } }),
    usePaymentCurrencies: () => ({ data: currencies }),
    useBeneficiaries: () => ({ data: { content: [] } }),
    useCachedRates: () => ({ data: [], updatedAt: null }),
  };
});

// The page sends through the device's outbox: this tab's sender drains it to the (mocked) server.
let outbox: OutboxSender;
beforeEach(() => {
  outbox = startBrowserOutbox('u-1', () => {});
});
afterEach(async () => {
  await outbox.stop();
  await clearLocalData('u-1');
  sent.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
});

function quoteOf(id: string, our = '15.00'): Quote {
  const now = Date.now();
  return {
    id,
    sendAmount: { amount: '1000.00', currency: 'AED' },
    receiveAmount: { amount: '272.25', currency: 'USD' },
    exchangeRate: '0.27225000',
    inverseExchangeRate: '3.67309458',
    merchantCharges: [{ feeType: 'OUR', amount: our, currency: 'AED' }],
    correspondentCharges: [],
    quote: { generatedAt: new Date(now).toISOString(), expired: false },
    expireAt: new Date(now + 120_000).toISOString(),
  } as unknown as Quote;
}

const queue = (id: string, ...fns: Array<() => Promise<unknown>>) => (answers[id] ??= []).push(...fns);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function fill(receive = 'USD') {
  type('payment-wallet', 'w-aed');
  type('payment-amount', '1000.00');
  type('payment-receive-currency', receive);
  type('payment-receiver-name', 'Nile Traders');
  type('payment-receiver-country', 'eg');
  type('payment-receiver-account', 'EG380019000500000000263180002');
  type('payment-purpose', 'Goods');
}

describe('new payment page', { timeout: 20_000 }, () => {
  it('quotes a cross-currency payment after the user settles and sends it with its draftId and quote id', async () => {
    queue('quotes.merchantCreate', async () => quoteOf('q-1'));
    queue('merchantPayments.create', async () => ({ id: 'p-1', status: 'INITIATED' }));
    const onSubmitted = vi.fn();
    await renderInRouter(() => <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={onSubmitted} />);
    fill();
    expect(screen.getByTestId('payment-send-currency').textContent).toBe('AED');
    expect(sent.filter((s) => s.id === 'quotes.merchantCreate')).toHaveLength(0);
    await screen.findByTestId('fx-quote-countdown');
    expect(sent.find((s) => s.id === 'quotes.merchantCreate')?.body).toMatchObject({
      sourceWalletId: 'w-aed',
      targetCurrency: 'USD',
      sendAmount: { amount: '1000.00', currency: 'AED' },
    });
    fireEvent.click(screen.getByTestId('payment-send'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ id: 'p-1', status: 'INITIATED' }));
    const post = sent.find((s) => s.id === 'merchantPayments.create')!;
    expect(post.body).toMatchObject({ quoteId: 'q-1', walletId: 'w-aed', receiver: { countryCode: 'EG', iban: 'EG380019000500000000263180002' } });
    const draftId = (post.body as { draftId: string }).draftId;
    expect(draftId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(post.idempotencyKey).toBe(`${draftId}-initiate`);
  });

  it('the FX panel says what the quote waits for, from what the form lacks', async () => {
    await renderInRouter(() => <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={vi.fn()} />);
    type('payment-wallet', 'w-aed');
    type('payment-receive-currency', 'USD');
    expect(screen.getByTestId('fx-waiting').textContent).toBe('Enter an amount to get a quote.');
    type('payment-amount', '1000.00');
    expect(screen.getByTestId('fx-waiting').textContent).toBe('Choose a beneficiary (or enter one) to get a quote.');
    type('payment-receiver-name', 'Nile Traders');
    type('payment-receiver-country', 'eg');
    type('payment-receiver-account', 'EG380019000500000000263180002');
    expect(screen.getByTestId('fx-waiting').textContent).toBe('Choose a purpose to get a quote.');
    expect(sent.filter((s) => s.id === 'quotes.merchantCreate')).toHaveLength(0);
  });

  it("puts the server's refusal on its field, keeps the draft and resends it with the same draftId", async () => {
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      invalidParameters: [{ parameter: 'purpose', message: 'purpose is not allowed' }],
    });
    queue(
      'merchantPayments.create',
      () => Promise.reject(refusal),
      async () => ({ id: 'p-2', status: 'INITIATED' }),
    );
    const onSubmitted = vi.fn();
    await renderInRouter(() => <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={onSubmitted} />);
    fill('AED');
    expect(screen.queryByTestId('fx-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-send'));
    expect((await screen.findByTestId('payment-purpose-error')).textContent).toBe('purpose is not allowed');
    type('payment-purpose', 'Supplier invoice');
    await waitFor(() => expect(screen.queryByTestId('payment-purpose-error')).toBeNull());
    fireEvent.click(screen.getByTestId('payment-send'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const posts = sent.filter((s) => s.id === 'merchantPayments.create').map((s) => s.body as { draftId: string; purposeOfTransaction: string });
    expect(posts).toHaveLength(2);
    expect(posts[1]!.draftId).toBe(posts[0]!.draftId);
    expect(posts[1]!.purposeOfTransaction).toBe('Supplier invoice');
    expect(sent.some((s) => s.id.startsWith('quotes.'))).toBe(false);
  });

  it('checks the fields before anything is sent: letters cannot be typed, decimals by currency, 140-character message', async () => {
    await renderInRouter(() => <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={vi.fn()} />);
    fill('AED');
    type('payment-amount', '12a');
    expect((screen.getByTestId('payment-amount') as HTMLInputElement).value).toBe('1000.00');
    type('payment-amount', '12.345');
    type('payment-message', 'x'.repeat(141));
    fireEvent.click(screen.getByTestId('payment-send'));
    expect((await screen.findByTestId('payment-amount-error')).textContent).toBe('At most 2 decimals for this currency');
    expect(screen.getByTestId('payment-message-error').textContent).toBe('At most 140 characters');
    expect(screen.getByTestId('payment-message-count').textContent).toBe('141 / 140');
    expect(sent.filter((s) => s.id.startsWith('merchantPayments.'))).toHaveLength(0);
  });

  it('saves a draft on the draft call', async () => {
    queue('merchantPayments.createDraft', async () => ({ id: 'p-3', status: 'DRAFTED' }));
    const onSubmitted = vi.fn();
    await renderInRouter(() => <PaymentFormScreen role="MERCHANT" listPath="/merchant/transactions/payments" onSubmitted={onSubmitted} />);
    fill('AED');
    fireEvent.click(screen.getByTestId('payment-save-draft'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ id: 'p-3', status: 'DRAFTED' }));
    expect(sent.find((s) => s.id === 'merchantPayments.createDraft')?.idempotencyKey).toMatch(/-draft$/);
  });

  it("a TSP edits a fee and the save recalculates the quote on the TSP's quote call, then sends on its own payment call", async () => {
    queue(
      'quotes.tspCreate',
      async () => quoteOf('q-1'),
      async () => quoteOf('q-2', '25.00'),
    );
    queue('spPayments.create', async () => ({ id: 'p-4', status: 'INITIATED' }));
    const onSubmitted = vi.fn();
    await renderInRouter(() => <PaymentFormScreen role="TSP" listPath="/service-provider/transactions/payments/list/overview" onSubmitted={onSubmitted} />);
    expect(screen.getByRole('option', { name: 'Globex · Globex AED (AED)' })).toBeTruthy();
    fill();
    await screen.findByTestId('fx-quote-countdown');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit fees' })[0]!);
    expect((screen.getByTestId('payment-send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('payment-send').textContent).toBe('Save or cancel the fee edit');
    fireEvent.change(screen.getByRole('textbox', { name: 'Our' }), { target: { value: '25' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save fees' })[0]!);
    await waitFor(() => expect(screen.getByTestId('fx-fee-OUR').textContent).toContain('25.00'));
    expect(sent.filter((s) => s.id === 'quotes.tspCreate')[1]?.body).toEqual({ quoteId: 'q-1', fees: { OUR: '25' } });
    await waitFor(() => expect((screen.getByTestId('payment-send') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('payment-send'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(sent.find((s) => s.id === 'spPayments.create')?.body).toMatchObject({ quoteId: 'q-2' });
  });
});

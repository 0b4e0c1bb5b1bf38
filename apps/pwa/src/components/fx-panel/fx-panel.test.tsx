import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@corridor/api';
import type { NegotiateInput, QuoteAnswer, QuoteRequestBody, QuoteRole } from '@corridor/state-machines';
import { FxPanel, countdownText, type FxPanelProps, type QuotePanelView } from './fx-panel.tsx';
import { indicativePrice, rateMove } from './indicative-price.ts';
import { useQuote } from './use-quote.ts';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

type Charge = Quote['merchantCharges'][number];

function charge(feeType: Charge['feeType'], amount: string): Charge {
  return { feeType, chargeMode: feeType, amount, currency: 'AED', tax: { total: '0', details: [] } };
}

function quoteOf(id: string, expireAt: number, overrides: Partial<Quote> = {}): Quote {
  return {
    id,
    serviceProviderId: 'sp-1',
    merchantId: 'm-1',
    transactionCategory: 'TRANSFER',
    dealType: 'CASH',
    sendAmount: { amount: '1000.00', currency: 'AED' },
    receiveAmount: { amount: '272.25', currency: 'USD' },
    valueDate: '2026-11-23',
    rates: { ibr: '0.2723', layer1: '0.27228', layer2: '0.27226', volatile: '0.27225' },
    exchangeRate: '0.272251234',
    inverseExchangeRate: '3.67307',
    settlementWallet: null,
    sourceWallet: null,
    merchantCharges: [charge('OUR', '25.00'), charge('BEN', '5.00'), charge('REBATE', '2.50'), charge('FX_PREMIUM', '1.25')],
    correspondentCharges: [],
    quote: { generatedAt: new Date(NOW).toISOString(), expired: false },
    expireAt: new Date(expireAt).toISOString(),
    ...overrides,
  } as Quote;
}

function view(partial: Partial<QuotePanelView> = {}): QuotePanelView {
  return { status: 'active', quote: quoteOf('q-1', NOW + 30_000), remainingMs: 30_000, error: null, ...partial };
}

function renderPanel(role: QuoteRole, v: QuotePanelView, extra: Partial<FxPanelProps> = {}) {
  const handlers = {
    onNegotiate: vi.fn(),
    onEditFees: vi.fn(),
    onSaveFees: vi.fn(),
    onCancelEdit: vi.fn(),
    onRetry: vi.fn(),
  };
  render(<FxPanel role={role} view={v} {...handlers} {...extra} />);
  return handlers;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('foreign-exchange panel (spec 1, sections 4 and 6)', () => {
  it('without a quote it says what the form lacks before one is asked for', () => {
    renderPanel('MERCHANT', view({ status: 'idle', quote: null, remainingMs: 0 }), { waitingFor: 'purpose' });
    expect(screen.getByTestId('fx-waiting').textContent).toBe('Choose a purpose to get a quote.');
    cleanup();
    renderPanel('MERCHANT', view({ status: 'idle', quote: null, remainingMs: 0 }), { waitingFor: 'amount' });
    expect(screen.getByTestId('fx-waiting').textContent).toBe('Enter an amount to get a quote.');
    cleanup();
    renderPanel('MERCHANT', view({ status: 'idle', quote: null, remainingMs: 0 }));
    expect(screen.getByTestId('fx-waiting').textContent).toBe('A quote is asked for as soon as the form is complete.');
  });

  it('the countdown and expired tag sit in a header that sticks below the 56 px top bar', () => {
    renderPanel('MERCHANT', view());
    const header = screen.getByTestId('fx-panel-header');
    expect(header.className).toMatch(/\bsticky\b/);
    expect(header.className).toMatch(/\btop-14\b/);
    expect(within(header).getByTestId('fx-quote-countdown')).toBeTruthy();
  });

  it('merchant: countdown tag, Rebate Receivables, rates with 8 and 5 decimals, no fee editing, negotiate shown but disabled', () => {
    renderPanel('MERCHANT', view({ remainingMs: 3_725_000 }));
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 01:02:05');
    expect(screen.queryByTestId('fx-quote-expired')).toBeNull();
    expect(screen.getByTestId('fx-fee-REBATE').textContent).toContain('Rebate Receivables');
    expect(screen.queryByText('Rebate Payables')).toBeNull();
    expect(screen.getByTestId('fx-exchange-rate').textContent).toContain('1 AED = 0.27225123 USD');
    // 1 / 0.272251234 = 3.6730779... -> 3.67308 (5 decimals, half-up)
    expect(screen.getByTestId('fx-reverse-rate').textContent).toContain('1 USD = 3.67308 AED');
    expect(screen.getByTestId('fx-fee-OUR').textContent).toContain('25.00 AED');
    expect(screen.getByTestId('fx-fee-FX_PREMIUM').textContent).toContain('FX Premium');
    // "only TSP sees edit and save icons for fee rows"
    expect(screen.queryByRole('button', { name: 'Edit fees' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save fees' })).toBeNull();
    const negotiate = screen.getByTestId('fx-negotiate');
    expect(negotiate.textContent).toBe('Get a new quote');
    expect((negotiate as HTMLButtonElement).disabled).toBe(true);
  });

  it("the OUR row shows the correspondent's OUR fee the TSP edited and the quote priced; the merchant fee gets its own row", () => {
    const q = quoteOf('q-2', NOW + 30_000, {
      merchantCharges: [charge('OUR', '4.00'), charge('REBATE', '2.50')],
      correspondentCharges: [{ ...charge('OUR', '25.00'), feeType: 'OUR', chargeMode: 'OUR' }] as Quote['correspondentCharges'],
    });
    renderPanel('TSP', view({ quote: q }));
    expect(screen.getByTestId('fx-fee-OUR').textContent).toContain('25.00 AED');
    expect(screen.getByTestId('fx-fee-SERVICE').textContent).toContain('Service fee');
    expect(screen.getByTestId('fx-fee-SERVICE').textContent).toContain('4.00 AED');
    // Editing starts from the fee the row shows.
    renderPanel('TSP', view({ quote: q, status: 'feeEditing' }));
    expect((within(screen.getAllByTestId('fx-fee-OUR')[1]!).getByRole('textbox') as HTMLInputElement).value).toBe('25.00');
  });

  it('without a correspondent fee the payer rows show the merchant fee and no service row', () => {
    renderPanel('MERCHANT', view());
    expect(screen.getByTestId('fx-fee-BEN').textContent).toContain('5.00 AED');
    expect(screen.queryByTestId('fx-fee-SERVICE')).toBeNull();
  });

  it('TSP: Rebate Payables, an edit icon on each editable fee and incentive row, the negotiate label of the TSP', () => {
    const handlers = renderPanel('TSP', view());
    expect(screen.getByTestId('fx-fee-REBATE').textContent).toContain('Rebate Payables');
    expect(screen.queryByText('Rebate Receivables')).toBeNull();
    for (const fee of ['OUR', 'BEN', 'REBATE', 'FX_PREMIUM']) {
      expect(within(screen.getByTestId(`fx-fee-${fee}`)).getByRole('button', { name: 'Edit fees' })).toBeTruthy();
    }
    expect(screen.getByTestId('fx-negotiate').textContent).toBe('Negotiate');
    fireEvent.click(within(screen.getByTestId('fx-fee-BEN')).getByRole('button', { name: 'Edit fees' }));
    expect(handlers.onEditFees).toHaveBeenCalledTimes(1);
  });

  it('TSP editing: each row is an input with a save icon; saving sends only the numeric values keyed by fee type', () => {
    const handlers = renderPanel('TSP', view({ status: 'feeEditing' }));
    expect(screen.getByTestId('fx-edit-invalid')).toBeTruthy();
    expect(screen.queryByTestId('fx-quote-countdown')).toBeNull();
    const our = screen.getByRole('textbox', { name: 'Our' }) as HTMLInputElement;
    expect(our.value).toBe('25.00');
    fireEvent.change(our, { target: { value: '12.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'FX Premium' }), { target: { value: '' } });
    fireEvent.click(within(screen.getByTestId('fx-fee-OUR')).getByRole('button', { name: 'Save fees' }));
    expect(handlers.onSaveFees).toHaveBeenCalledWith({ OUR: '12.5', BEN: '5', REBATE: '2.5' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel edit' }));
    expect(handlers.onCancelEdit).toHaveBeenCalledTimes(1);
  });

  it('the negotiate button is hidden while expiry is more than a day away', () => {
    renderPanel('MERCHANT', view({ remainingMs: 86_400_001 }));
    expect(screen.queryByTestId('fx-negotiate')).toBeNull();
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 24:00:00');
  });

  it('a quote exactly a day away shows the negotiate button, disabled', () => {
    renderPanel('TSP', view({ remainingMs: 86_400_000 }));
    expect((screen.getByTestId('fx-negotiate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('expired: the expired tag replaces the countdown and negotiate is enabled', () => {
    const handlers = renderPanel('MERCHANT', view({ status: 'expired', remainingMs: 0 }));
    expect(screen.getByTestId('fx-quote-expired').textContent).toBe('Quote expired');
    expect(screen.queryByTestId('fx-quote-countdown')).toBeNull();
    const negotiate = screen.getByTestId('fx-negotiate') as HTMLButtonElement;
    expect(negotiate.disabled).toBe(false);
    fireEvent.click(negotiate);
    expect(handlers.onNegotiate).toHaveBeenCalledTimes(1);
  });

  it('a failed quote shows the error and a retry', () => {
    const handlers = renderPanel('MERCHANT', view({ status: 'failed', quote: null, error: { code: 'RATE_STALE', message: 'The rate is too old' } }));
    expect(screen.getByTestId('fx-failed').textContent).toContain('The rate is too old');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(handlers.onRetry).toHaveBeenCalledTimes(1);
  });

  it('offline: an indicative price labelled as such with the rates age, and nothing of a firm quote', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const cached = indicativePrice({ amount: '1000', currency: 'AED' }, 'USD', '0.2723', 2, new Date(NOW - 5 * 60_000));
    renderPanel('TSP', view(), { offline: true, indicative: cached });
    expect(screen.getByTestId('fx-indicative-tag').textContent).toBe('Indicative');
    expect(screen.getByTestId('fx-receive-amount').textContent).toContain('≈ 272.30 USD');
    expect(screen.getByTestId('fx-receive-amount').textContent).toContain('indicative');
    expect(screen.getByTestId('fx-indicative-note').textContent).toContain('5 minutes ago');
    expect(screen.getByTestId('fx-indicative-note').textContent).toContain('Not a firm quote');
    expect(screen.getByTestId('fx-exchange-rate').textContent).toContain('0.27230000');
    expect(screen.queryByTestId('fx-quote-countdown')).toBeNull();
    expect(screen.queryByTestId('fx-quote-expired')).toBeNull();
    expect(screen.queryByTestId('fx-negotiate')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit fees' })).toBeNull();
  });

  it('offline without cached rates says so rather than showing a price', () => {
    renderPanel('MERCHANT', view(), { offline: true, indicative: null });
    expect(screen.getByTestId('fx-indicative-none')).toBeTruthy();
    expect(screen.queryByTestId('fx-receive-amount')).toBeNull();
  });

  it('back online, the firm quote says how far the rate moved from the indicative one', () => {
    const cached = indicativePrice({ amount: '1000', currency: 'AED' }, 'USD', '0.2723', 2, new Date(NOW));
    renderPanel('MERCHANT', view(), { indicative: cached });
    expect(screen.getByTestId('fx-price-moved').textContent).toContain('-0.00004877');
  });

  it('countdownText and rateMove', () => {
    expect(countdownText(0)).toBe('00:00:00');
    expect(countdownText(999)).toBe('00:00:00');
    expect(countdownText(360_000_000)).toBe('100:00:00');
    expect(rateMove('0.2723', '0.2723')).toBeNull();
    expect(rateMove('0.2723', '0.2724')).toBe('+0.00010000');
  });
});

/** The panel on the real quote machine, as a page wires it. */
function QuoteScreen({ role, calls, online = true }: { role: QuoteRole; calls: Parameters<typeof useQuote>[1]; online?: boolean }) {
  const quote = useQuote(role, calls, online);
  return (
    <>
      <button type="button" onClick={() => quote.request(request)}>
        ask
      </button>
      <span data-testid="usable">{String(quote.usable)}</span>
      <FxPanel role={role} {...quote} offline={!online} indicative={null} />
    </>
  );
}

const request: QuoteRequestBody = {
  transactionCategory: 'TRANSFER',
  sourceWalletId: 'w-aed',
  sendAmount: { amount: '1000.00', currency: 'AED' },
  targetCurrency: 'USD',
};

describe('foreign-exchange panel on the quote machine', () => {
  it('a merchant watches the quote count down on server time, expire, and asks again', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    // The server's clock is two minutes ahead of this device's.
    const skew = 120_000;
    let n = 0;
    const answer = (): QuoteAnswer => {
      n += 1;
      const serverNow = Date.now() + skew;
      return { quote: quoteOf(`q-${n}`, serverNow + 3_000), serverDate: new Date(serverNow).toUTCString() };
    };
    const invalid: string[] = [];
    const negotiations: NegotiateInput[] = [];
    render(
      <QuoteScreen
        role="MERCHANT"
        calls={{
          requestQuote: async () => answer(),
          negotiate: async (input) => {
            negotiations.push(input);
            return answer();
          },
          onInvalid: (id) => invalid.push(id),
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 00:00:03');
    expect(screen.getByTestId('usable').textContent).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 00:00:02');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByTestId('fx-quote-expired')).toBeTruthy();
    expect(screen.getByTestId('usable').textContent).toBe('false');
    expect(invalid).toEqual(['q-1']);

    fireEvent.click(screen.getByTestId('fx-negotiate'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(negotiations).toEqual([{ quoteId: 'q-1' }]);
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 00:00:03');
    expect(screen.getByTestId('usable').textContent).toBe('true');
  });

  it('a TSP edits a fee: the quote is invalid while edited, and the recalculated quote comes back active', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    let n = 0;
    const negotiations: NegotiateInput[] = [];
    const answer = (our: string): QuoteAnswer => {
      n += 1;
      const q = quoteOf(`q-${n}`, Date.now() + 60_000);
      return {
        quote: { ...q, merchantCharges: [charge('OUR', our), ...q.merchantCharges.filter((c) => c.feeType !== 'OUR')] },
        serverDate: new Date(Date.now()).toUTCString(),
      };
    };
    const invalid: string[] = [];
    render(
      <QuoteScreen
        role="TSP"
        calls={{
          requestQuote: async () => answer('25.00'),
          negotiate: async (input) => {
            negotiations.push(input);
            return answer(input.fees?.OUR ?? '25.00');
          },
          onInvalid: (id) => invalid.push(id),
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(within(screen.getByTestId('fx-fee-OUR')).getByRole('button', { name: 'Edit fees' }));
    expect(screen.getByTestId('usable').textContent).toBe('false');
    expect(invalid).toEqual(['q-1']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.change(screen.getByRole('textbox', { name: 'Our' }), { target: { value: '10' } });
    fireEvent.click(within(screen.getByTestId('fx-fee-OUR')).getByRole('button', { name: 'Save fees' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(negotiations).toEqual([{ quoteId: 'q-1', fees: { OUR: '10', BEN: '5', REBATE: '2.5', FX_PREMIUM: '1.25' } }]);
    expect(screen.getByTestId('fx-fee-OUR').textContent).toContain('10.00 AED');
    expect(screen.getByTestId('usable').textContent).toBe('true');
    expect(screen.getByTestId('fx-quote-countdown')).toBeTruthy();
  });

  it('a quote that failed offline is asked again once the device is back online', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    let online = false;
    let asked = 0;
    const calls = {
      requestQuote: async (): Promise<QuoteAnswer> => {
        asked += 1;
        if (!online) throw new TypeError('Failed to fetch');
        return { quote: quoteOf('q-1', Date.now() + 60_000), serverDate: new Date(Date.now()).toUTCString() };
      },
      negotiate: async (): Promise<QuoteAnswer> => {
        throw new Error('not expected');
      },
    };
    const { rerender } = render(<QuoteScreen role="MERCHANT" calls={calls} online={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked).toBe(1);
    expect(screen.getByTestId('fx-indicative-tag')).toBeTruthy();
    expect(screen.getByTestId('usable').textContent).toBe('false');
    online = true;
    rerender(<QuoteScreen role="MERCHANT" calls={calls} online />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked).toBe(2);
    expect(screen.getByTestId('usable').textContent).toBe('true');
    expect(screen.getByTestId('fx-quote-countdown').textContent).toBe('Quote expires in 00:01:00');
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '@corridor/api';
import { quoteCalls, type QuoteCallDeps } from './quote-calls.ts';

const quote = { id: 'q-1' } as Quote;
const body = { transactionCategory: 'TRANSFER', sourceWalletId: 'w-1', sendAmount: { amount: '10', currency: 'AED' } };

function deps(): QuoteCallDeps & Record<'merchantCreate' | 'tspCreate' | 'negotiate', ReturnType<typeof vi.fn>> {
  return {
    merchantCreate: vi.fn(async () => quote),
    tspCreate: vi.fn(async () => quote),
    negotiate: vi.fn(async () => quote),
    latestServerDate: () => 'Mon, 23 Nov 2026 10:05:00 GMT',
  };
}

describe('quote calls', () => {
  it("the merchant quotes on the merchant call, the TSP on its own; each answer carries the server's Date", async () => {
    const m = deps();
    expect(await quoteCalls('MERCHANT', m).requestQuote(body)).toEqual({ quote, serverDate: 'Mon, 23 Nov 2026 10:05:00 GMT' });
    expect(m.merchantCreate).toHaveBeenCalledWith(body);
    expect(m.tspCreate).not.toHaveBeenCalled();
    const t = deps();
    await quoteCalls('TSP', t).requestQuote(body);
    expect(t.tspCreate).toHaveBeenCalledWith(body);
    expect(t.merchantCreate).not.toHaveBeenCalled();
  });

  it('only the TSP sends fee values, on its own quote call naming the quote', async () => {
    const m = deps();
    await quoteCalls('MERCHANT', m).negotiate({ quoteId: 'q-1', fees: { OUR: '1' } });
    expect(m.negotiate).toHaveBeenCalledWith({ quoteId: 'q-1' });
    const t = deps();
    await quoteCalls('TSP', t).negotiate({ quoteId: 'q-1', fees: { OUR: '1' } });
    expect(t.tspCreate).toHaveBeenCalledWith({ quoteId: 'q-1', fees: { OUR: '1' } });
    expect(t.negotiate).not.toHaveBeenCalled();
  });
});

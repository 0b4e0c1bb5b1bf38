import type { CallInput, Contract, Quote } from '@corridor/api';
import type { NegotiateInput, QuoteRequestBody, QuoteRole } from '@corridor/state-machines';
import { api } from '@/lib/api-client.ts';
import { serverDates } from '@/lib/server-date.ts';
import type { QuoteCalls } from './use-quote.ts';

/** What the quote calls need: the three contract calls and the latest server Date header. */
export interface QuoteCallDeps {
  merchantCreate: (body: QuoteRequestBody) => Promise<Quote>;
  /** A new quote, or (naming quoteId) a renegotiation with the TSP's fee values. */
  tspCreate: (body: NonNullable<CallInput<Contract['quotes.tspCreate']>['body']>) => Promise<Quote>;
  negotiate: (body: NegotiateInput) => Promise<Quote>;
  latestServerDate: () => string | null;
}

const portalDeps: QuoteCallDeps = {
  merchantCreate: (body) => api.call<'quotes.merchantCreate'>('quotes.merchantCreate', { body }),
  tspCreate: (body) => api.call<'quotes.tspCreate'>('quotes.tspCreate', { body }),
  negotiate: (body) => api.call<'quotes.merchantNegotiate'>('quotes.merchantNegotiate', { body }),
  latestServerDate: serverDates.latest,
};

/**
 * The quote machine's calls for a role: the merchant quotes on `/merchant/v1/quote`, the TSP on
 * `/tsp/v1/quote`; the merchant renegotiates on `/merchant/v1/quote/negotiate`, the TSP on
 * `/tsp/v1/quote` naming the quote (with its fee values when it edited them). Each answer goes back with the
 * server's Date header read right after it arrived.
 */
export function quoteCalls(role: QuoteRole, deps: QuoteCallDeps = portalDeps): Omit<QuoteCalls, 'onInvalid'> {
  return {
    requestQuote: async (body) => {
      const quote = await (role === 'TSP' ? deps.tspCreate(body) : deps.merchantCreate(body));
      return { quote, serverDate: deps.latestServerDate() };
    },
    negotiate: async (input) => {
      // A TSP renegotiates and saves its fee values on its own quote call, naming the quote
      // (`POST /tsp/v1/quote {quoteId, fees}`); a merchant never sends fee values (spec 4).
      const quote = role === 'TSP' ? await deps.tspCreate(input) : await deps.negotiate({ quoteId: input.quoteId });
      return { quote, serverDate: deps.latestServerDate() };
    },
  };
}

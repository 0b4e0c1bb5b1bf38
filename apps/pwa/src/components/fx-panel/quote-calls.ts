import type { Quote } from '@corridor/api';
import type { NegotiateInput, QuoteRequestBody, QuoteRole } from '@corridor/state-machines';
import { api } from '@/lib/api-client.ts';
import { serverDates } from '@/lib/server-date.ts';
import type { QuoteCalls } from './use-quote.ts';

/** What the quote calls need: the three contract calls and the latest server Date header. */
export interface QuoteCallDeps {
  merchantCreate: (body: QuoteRequestBody) => Promise<Quote>;
  tspCreate: (body: QuoteRequestBody) => Promise<Quote>;
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
 * `/tsp/v1/quote`; both renegotiate on `/merchant/v1/quote/negotiate`, the one negotiation call of
 * the contract (the server accepts fee values from a TSP only). Each answer goes back with the
 * server's Date header read right after it arrived.
 */
export function quoteCalls(role: QuoteRole, deps: QuoteCallDeps = portalDeps): Omit<QuoteCalls, 'onInvalid'> {
  return {
    requestQuote: async (body) => {
      const quote = await (role === 'TSP' ? deps.tspCreate(body) : deps.merchantCreate(body));
      return { quote, serverDate: deps.latestServerDate() };
    },
    negotiate: async (input) => {
      // A merchant never sends fee values (spec 4: only a TSP edits fees).
      const body = role === 'TSP' ? input : { quoteId: input.quoteId };
      return { quote: await deps.negotiate(body), serverDate: deps.latestServerDate() };
    },
  };
}

import type { CallRegistrar } from '../http/registrar.ts';
import { rateBookOf } from '../rates/rate-service.ts';
import { askerOf, createQuote, getQuote, negotiateQuote, type QuoteRequest } from './quote-service.ts';

/** Firm quotes for merchants, their TSPs and operations; the pricing lives in quote-service. */
export function registerQuoteRoutes(r: CallRegistrar): void {
  r.serve('quotes.merchantCreate', async ({ caller, tenant, db, body, services, now }) =>
    createQuote(db, rateBookOf(services), askerOf(tenant), body, caller.userId, now),
  );
  r.serve('quotes.merchantNegotiate', async ({ caller, tenant, db, body, services, now }) =>
    negotiateQuote(db, rateBookOf(services), askerOf(tenant), body, caller.userId, now),
  );
  r.serve('quotes.merchantGet', async ({ tenant, db, params, now }) => getQuote(db, askerOf(tenant), params.id, now));
  // A TSP sends fee values by naming the quote it edits; otherwise it asks for a new quote.
  r.serve('quotes.tspCreate', async ({ caller, tenant, db, body, services, now }) => {
    const { quoteId, fees, ...request } = body;
    if (quoteId !== undefined) return negotiateQuote(db, rateBookOf(services), askerOf(tenant), { quoteId, fees }, caller.userId, now);
    return createQuote(db, rateBookOf(services), askerOf(tenant), request as QuoteRequest, caller.userId, now);
  });
  r.serve('quotes.tspGet', async ({ tenant, db, params, now }) => getQuote(db, askerOf(tenant), params.id, now));
  r.serve('quotes.tspMerchantGet', async ({ tenant, db, params, now }) => getQuote(db, askerOf(tenant), params.id, now));
  r.serve('quotes.internalTspCreate', async ({ caller, db, query, body, services, now }) =>
    createQuote(db, rateBookOf(services), { kind: 'internal', tspId: query.serviceProviderId }, body, caller.userId, now),
  );
  r.serve('quotes.internalMerchantCreate', async ({ caller, db, query, body, services, now }) =>
    createQuote(db, rateBookOf(services), { kind: 'internal', tspId: query.serviceProviderId }, body, caller.userId, now),
  );
}

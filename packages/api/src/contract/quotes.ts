import { defineArea } from '../define.ts';
import { pathParams } from '../schemas/common.ts';
import { serviceProviderIdQuery } from '../schemas/filters.ts';
import { quote, quoteNegotiation, quoteRequest, tspQuoteRequest } from '../schemas/rates.ts';

const byId = pathParams('id');

/** Quotes: a rate and charges for an amount, valid until expireAt. */
export const quotes = defineArea('quotes', {
  tspCreate: {
    method: 'POST',
    path: '/tsp/v1/quote',
    root: 'rateQuotes',
    creates: true,
    status: 201,
    summary: "Quotes a deal for the TSP, or (with quoteId and fees) replaces a merchant's quote with one on the TSP's fee values.",
    body: tspQuoteRequest,
    response: quote,
  },
  tspGet: {
    method: 'GET',
    path: '/tsp/v1/quote/{id}',
    root: 'rateQuotes',
    summary: 'One quote of the TSP.',
    pathParams: byId,
    response: quote,
  },
  tspMerchantGet: {
    method: 'GET',
    path: '/tsp/v1/merchant/quote/{id}',
    root: 'rateQuotes',
    summary: "A merchant's quote as its TSP sees it.",
    pathParams: byId,
    response: quote,
  },
  merchantCreate: {
    method: 'POST',
    path: '/merchant/v1/quote',
    root: 'rateQuotes',
    creates: true,
    status: 201,
    summary: 'Quotes a deal for the merchant.',
    body: quoteRequest,
    response: quote,
  },
  merchantNegotiate: {
    method: 'POST',
    path: '/merchant/v1/quote/negotiate',
    root: 'rateQuotes',
    creates: true,
    status: 201,
    summary: 'Asks for a new quote in place of an expired or edited one.',
    body: quoteNegotiation,
    response: quote,
  },
  merchantGet: {
    method: 'GET',
    path: '/merchant/v1/quote/{id}',
    root: 'rateQuotes',
    summary: 'One quote of the merchant.',
    pathParams: byId,
    response: quote,
  },
  internalTspCreate: {
    method: 'POST',
    path: '/v1/internal/tsp/quote',
    root: 'rateQuotes',
    creates: true,
    status: 201,
    summary: 'Quotes a deal on behalf of a TSP.',
    query: serviceProviderIdQuery.partial(),
    body: quoteRequest,
    response: quote,
  },
  internalMerchantCreate: {
    method: 'POST',
    path: '/v1/internal/merchant/quote',
    root: 'rateQuotes',
    creates: true,
    status: 201,
    summary: 'Quotes a deal on behalf of a merchant.',
    query: serviceProviderIdQuery.partial(),
    body: quoteRequest,
    response: quote,
  },
});

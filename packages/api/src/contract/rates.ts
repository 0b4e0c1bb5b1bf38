import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pathParams } from '../schemas/common.ts';
import { rateQuery } from '../schemas/filters.ts';
import { exchangeRate, ibrUpdate, merchantRate, rateImportResult } from '../schemas/rates.ts';

const text = z.string().optional();
const rates = z.array(exchangeRate);
const walletRateQuery = rateQuery.extend({ transactionCategory: text, walletId: text, serviceProviderId: text });

/** Exchange rates: IBR, calibrated (after layers), platform and merchant views. */
export const exchangeRates = defineArea('rates', {
  calibrated: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates',
    root: 'rateQuotes',
    summary: 'Calibrated rates (IBR adjusted by the layer 1 markup and volatile layer).',
    query: rateQuery,
    response: rates,
  },
  ibr: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates/ibr',
    root: 'rateQuotes',
    summary: 'Interbank rates.',
    query: rateQuery,
    response: rates,
  },
  updateIbr: {
    method: 'PUT',
    path: '/tsp/v1/exchange-rates/ibr',
    root: 'rateQuotes',
    summary: 'Sets an interbank rate by hand.',
    body: ibrUpdate,
    response: exchangeRate,
  },
  platform: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates/platform',
    root: 'rateQuotes',
    summary: 'Platform rates for a transaction category.',
    query: rateQuery.extend({ transactionCategory: text }),
    response: rates,
  },
  merchant: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates/merchant',
    root: 'rateQuotes',
    summary: 'Rates a merchant gets (with its markup profile).',
    query: rateQuery.extend({ transactionCategory: text, merchantId: text, markupProfileId: text }),
    response: rates,
  },
  indicative: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates/ibr/indicative',
    root: 'rateQuotes',
    summary: 'Indicative interbank rates.',
    query: z.object({ sourceCurrency: text, targetCurrency: text, rateProviderId: text }),
    response: rates,
  },
  indicativeByDeal: {
    method: 'GET',
    path: '/tsp/v1/exchange-rates/ibr/indicative/{currencyDealConfigId}',
    root: 'rateQuotes',
    summary: 'Indicative rate of a currency deal config.',
    pathParams: pathParams('currencyDealConfigId'),
    response: exchangeRate,
  },
  merchantApi: {
    method: 'GET',
    path: '/m/api/v1/exchange-rates',
    root: 'rateQuotes',
    summary: "Rates for the merchant's wallet.",
    query: walletRateQuery,
    response: rates,
  },
  msp: {
    method: 'GET',
    path: '/msp/v1/exchange-rates',
    root: 'rateQuotes',
    summary: 'Rates for a merchant wallet (MSP view).',
    query: walletRateQuery,
    response: rates,
  },
  internal: {
    method: 'GET',
    path: '/v1/internal/rates',
    root: 'rateQuotes',
    summary: 'Rates of a TSP (JSON).',
    query: rateQuery.extend({ serviceProviderId: text }),
    response: rates,
  },
  import: {
    method: 'POST',
    path: '/v1/internal/rates/import',
    root: 'rateQuotes',
    bodyType: 'multipart',
    creates: true,
    status: 201,
    summary: "Imports a provider's daily reference rates file (multipart field `file`; today the ECB eurofxref XML).",
    body: z.object({ file: z.instanceof(Blob, { message: 'file is required' }) }),
    response: rateImportResult,
  },
  merchantWalletRates: {
    method: 'GET',
    path: '/v1/merchant/rates',
    root: 'rateQuotes',
    summary: 'Rates for merchant wallet currencies.',
    query: z.object({ currencyCode: text, walletId: text, serviceProviderId: text, countryCode: text }),
    response: z.array(merchantRate),
  },
});

import { z } from 'zod';
import { defineArea } from '../define.ts';
import { binary, noContent, pageOf, paging, pathParams, queryBool } from '../schemas/common.ts';
import { currencyConfigFilter, currencyDealFilter, globalConfigFilter, layer1Filter, layer2Filter, serviceProviderIdQuery } from '../schemas/filters.ts';
import {
  currencyConfig,
  currencyConfigBody,
  currencyConfigUpdate,
  currencyDeal,
  currencyDealBody,
  globalConfig,
  globalConfigBody,
  instrument,
  instrumentIbrUpdate,
  instrumentStatusUpdate,
} from '../schemas/config.ts';
import { layer1Markup, layer2Markup, markupProfile, volatileLayer } from '../schemas/markups.ts';

const byId = pathParams('id');
const spId = serviceProviderIdQuery.partial().shape;

export const currencyConfigs = defineArea('currencyConfigs', {
  list: {
    method: 'GET',
    path: '/v1/config/currencies',
    root: 'markups',
    summary: 'Currency pairs the TSP trades (with their deal configs when inclDealConfig).',
    query: currencyConfigFilter,
    response: pageOf(currencyConfig),
  },
  create: {
    method: 'POST',
    path: '/v1/config/currencies',
    root: 'markups',
    creates: true,
    status: 201,
    summary: 'Adds a currency pair.',
    body: currencyConfigBody,
    response: currencyConfig,
  },
  update: {
    method: 'PUT',
    path: '/v1/config/currencies/{id}',
    root: 'markups',
    summary: 'Updates a currency pair.',
    pathParams: byId,
    body: currencyConfigUpdate,
    response: currencyConfig,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/config/currencies/{id}',
    root: 'markups',
    status: 204,
    summary: 'Removes a currency pair.',
    pathParams: byId,
    response: noContent,
  },
});

export const currencyDeals = defineArea('currencyDeals', {
  list: {
    method: 'GET',
    path: '/v1/config/currency-deals',
    root: 'markups',
    summary: 'Currency deal configs.',
    query: currencyDealFilter,
    response: pageOf(currencyDeal),
  },
  create: {
    method: 'POST',
    path: '/v1/config/currency-deals',
    root: 'markups',
    creates: true,
    status: 201,
    summary: 'Creates a currency deal config.',
    body: currencyDealBody,
    response: currencyDeal,
  },
  updateInstrumentStatus: {
    method: 'PUT',
    path: '/v1/config/currency-deals',
    root: 'markups',
    summary: 'Sets the instrument status of currency deal configs.',
    body: instrumentStatusUpdate,
    response: z.array(currencyDeal),
  },
  get: {
    method: 'GET',
    path: '/v1/config/currency-deals/{id}',
    root: 'markups',
    summary: 'One currency deal config.',
    pathParams: byId,
    response: currencyDeal,
  },
  update: {
    method: 'PUT',
    path: '/v1/config/currency-deals/{id}',
    root: 'markups',
    summary: 'Updates a currency deal config.',
    pathParams: byId,
    body: currencyDealBody,
    response: currencyDeal,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/config/currency-deals/{id}',
    root: 'markups',
    status: 204,
    summary: 'Deletes a currency deal config.',
    pathParams: byId,
    response: noContent,
  },
  updateIbr: {
    method: 'PUT',
    path: '/v1/config/currency-deals/instruments/ibr',
    root: 'markups',
    summary: 'Sets the interbank rate of an instrument.',
    body: instrumentIbrUpdate,
    response: instrument,
  },
  instruments: {
    method: 'GET',
    path: '/v1/config/currency-deals/instruments',
    root: 'markups',
    summary: 'Instruments of the currency deal configs.',
    query: currencyDealFilter,
    response: pageOf(instrument),
  },
  internalList: {
    method: 'GET',
    path: '/v1/internal/config/currency-deals',
    root: 'markups',
    summary: 'Currency deal configs of a TSP.',
    query: z.object({
      ...spId,
      sourceCurrency: z.string().optional(),
      targetCurrency: z.string().optional(),
      dealType: z.string().optional(),
      instrumentId: z.string().optional(),
      ...paging,
    }),
    response: pageOf(currencyDeal),
  },
  internalGet: {
    method: 'GET',
    path: '/v1/internal/config/currency-deals/{id}',
    root: 'markups',
    summary: 'One currency deal config of any TSP.',
    pathParams: byId,
    response: currencyDeal,
  },
});

/** Internal reads of a TSP's markup configuration. */
export const internalMarkups = defineArea('internalMarkups', {
  layer1: {
    method: 'GET',
    path: '/v1/internal/config/markup/layer-1',
    root: 'markups',
    summary: 'Layer 1 markups of a TSP.',
    query: layer1Filter.extend(spId),
    response: pageOf(layer1Markup),
  },
  layer2: {
    method: 'GET',
    path: '/v1/internal/config/markup/layer-2',
    root: 'markups',
    summary: 'Layer 2 markups of a TSP.',
    query: layer2Filter.extend(spId),
    response: pageOf(layer2Markup),
  },
  volatileLayer: {
    method: 'GET',
    path: '/v1/internal/config/markup/volatile-layers/{currencyDealConfigId}',
    root: 'markups',
    summary: 'The volatile layer of a currency deal config.',
    pathParams: pathParams('currencyDealConfigId'),
    query: z.object(spId),
    response: volatileLayer,
  },
  profiles: {
    method: 'GET',
    path: '/v1/internal/config/markup-profiles',
    root: 'markups',
    summary: 'Markup profiles of a TSP.',
    query: z.object({ query: z.string().optional(), enabled: queryBool, ...spId, ...paging }),
    response: pageOf(markupProfile),
  },
});

export const globals = defineArea('globals', {
  list: {
    method: 'GET',
    path: '/v1/config/globals',
    root: 'markups',
    summary: 'Global config entries (category, key, value).',
    query: globalConfigFilter,
    response: pageOf(globalConfig),
  },
  upsert: {
    method: 'PUT',
    path: '/v1/config/globals',
    root: 'markups',
    summary: 'Creates or updates a global config entry.',
    body: globalConfigBody,
    response: globalConfig,
  },
  internalExport: {
    method: 'GET',
    path: '/v1/internal/config/globals',
    root: 'markups',
    responseType: 'binary',
    summary: 'Global config entries of a TSP as a raw JSON file.',
    query: globalConfigFilter.extend(spId),
    response: binary,
  },
  internalUpsert: {
    method: 'PUT',
    path: '/v1/internal/config/globals',
    root: 'markups',
    summary: 'Creates or updates a global config entry of a TSP.',
    query: serviceProviderIdQuery,
    body: globalConfigBody,
    response: globalConfig,
  },
});

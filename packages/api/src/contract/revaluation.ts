import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, pathParams, queryDate } from '../schemas/common.ts';
import { revaluationConfigFilter, revaluationRateFilter, serviceProviderIdQuery } from '../schemas/filters.ts';
import {
  revaluationConfig,
  revaluationConfigBody,
  revaluationRate,
  revaluationRateBody,
  revaluationResult,
  revaluationRun,
  walletRevaluation,
} from '../schemas/config.ts';

const base = '/v1/currencies/revaluation';
const walletRevaluationQuery = z.object({
  walletId: z.string().optional(),
  fromDate: queryDate.optional(),
  toDate: queryDate.optional(),
  currency: z.string().optional(),
  ...paging,
});

export const revaluation = defineArea('revaluation', {
  run: {
    method: 'POST', path: base, root: 'spWallet', creates: true, status: 201,
    summary: 'Revalues wallets at the rates of a date and posts the gain or loss.', body: revaluationRun,
    response: revaluationResult,
  },
  configs: {
    method: 'GET', path: `${base}/config`, root: 'spWallet',
    summary: 'Revaluation configs.', query: revaluationConfigFilter, response: pageOf(revaluationConfig),
  },
  createConfig: {
    method: 'POST', path: `${base}/config`, root: 'spWallet', creates: true, status: 201,
    summary: 'Creates a revaluation config.', body: revaluationConfigBody, response: revaluationConfig,
  },
  updateConfig: {
    method: 'PUT', path: `${base}/config/{id}`, root: 'spWallet',
    summary: 'Updates a revaluation config.', pathParams: pathParams('id'), body: revaluationConfigBody,
    response: revaluationConfig,
  },
  rates: {
    method: 'GET', path: `${base}/config/rates`, root: 'spWallet',
    summary: 'Revaluation rates.', query: revaluationRateFilter, response: pageOf(revaluationRate),
  },
  createRate: {
    method: 'POST', path: `${base}/config/rates`, root: 'spWallet', creates: true, status: 201,
    summary: 'Sets the revaluation rate of a date.', body: revaluationRateBody, response: revaluationRate,
  },
  history: {
    method: 'GET', path: `${base}/history`, root: 'spWallet',
    summary: 'Revaluation rates used in past runs.', query: revaluationRateFilter, response: pageOf(revaluationRate),
  },
  walletRevaluations: {
    method: 'GET', path: '/v1/service-provider/wallets/revaluation', root: 'spWallet',
    summary: 'Revaluation records of TSP wallets.', query: walletRevaluationQuery, response: pageOf(walletRevaluation),
  },
  walletRevaluationSummary: {
    method: 'GET', path: '/v1/service-provider/wallets/revaluation/summary', root: 'spWallet',
    summary: 'Revaluation gain or loss per currency.', query: walletRevaluationQuery,
    response: z.array(z.object({ currency: z.string(), gainLoss: z.string(), walletCount: z.number().int() })),
  },
  internalRun: {
    method: 'POST', path: '/v1/internal/currencies/revaluation', root: 'spWallet', creates: true, status: 201,
    summary: 'Runs a revaluation for a TSP.', query: serviceProviderIdQuery, body: revaluationRun,
    response: revaluationResult,
  },
  internalConfigs: {
    method: 'GET', path: '/v1/internal/currencies/revaluation/config', root: 'spWallet',
    summary: 'Revaluation configs of a TSP.', query: revaluationConfigFilter.extend(serviceProviderIdQuery.partial().shape),
    response: pageOf(revaluationConfig),
  },
  internalRates: {
    method: 'GET', path: '/v1/internal/currencies/revaluation/config/rates', root: 'spWallet',
    summary: 'Revaluation rates of a TSP.', query: revaluationRateFilter.extend(serviceProviderIdQuery.partial().shape),
    response: pageOf(revaluationRate),
  },
});

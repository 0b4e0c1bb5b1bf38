import { z } from 'zod';
import { defineArea } from '../define.ts';
import { noContent, pageOf, pathParams } from '../schemas/common.ts';
import { feeForTransactionQuery, feeProfileFilter, queryEnabledFilter, serviceProviderIdQuery } from '../schemas/filters.ts';
import {
  feeForTransaction,
  feeForTransactionBody,
  feeRule,
  feeRuleBody,
  pricingModel,
  pricingModelBody,
} from '../schemas/pricing.ts';

const byId = pathParams('id');

/** Merchant fees (TSP pricing), correspondent fees and fee pricing models. */
export const pricing = defineArea('pricing', {
  fees: {
    method: 'GET', path: '/tsp/v1/pricing/fees', root: 'markups',
    summary: 'Merchant fee rules of the TSP.', query: feeProfileFilter, response: pageOf(feeRule),
  },
  createFee: {
    method: 'POST', path: '/tsp/v1/pricing/fees', root: 'markups', creates: true, status: 201,
    summary: 'Creates a merchant fee rule.', body: feeRuleBody, response: feeRule,
  },
  fee: {
    method: 'GET', path: '/tsp/v1/pricing/fees/{id}', root: 'markups',
    summary: 'One merchant fee rule.', pathParams: byId, response: feeRule,
  },
  updateFee: {
    method: 'PUT', path: '/tsp/v1/pricing/fees/{id}', root: 'markups',
    summary: 'Updates a merchant fee rule.', pathParams: byId, body: feeRuleBody, response: feeRule,
  },
  deleteFee: {
    method: 'DELETE', path: '/tsp/v1/pricing/fees/{id}', root: 'markups', status: 204,
    summary: 'Deletes a merchant fee rule.', pathParams: byId, response: noContent,
  },
  feeForTransaction: {
    method: 'GET', path: '/tsp/v1/pricing/fees/for-transaction', root: 'markups',
    summary: 'The merchant fees that apply to a transaction.', query: feeForTransactionQuery, response: feeForTransaction,
  },
  merchantFeeForTransaction: {
    method: 'GET', path: '/merchant/v1/pricing/fees/for-transaction', root: 'markups',
    summary: 'The fees a merchant would pay a TSP for a transaction.',
    query: feeForTransactionQuery.extend(serviceProviderIdQuery.shape), response: feeForTransaction,
  },
  correspondentFees: {
    method: 'GET', path: '/v1/pricing/correspondent/fees', root: 'markups',
    summary: 'Correspondent fee rules.', query: feeProfileFilter, response: pageOf(feeRule),
  },
  createCorrespondentFee: {
    method: 'POST', path: '/v1/pricing/correspondent/fees', root: 'markups', creates: true, status: 201,
    summary: 'Creates a correspondent fee rule.', body: feeRuleBody, response: feeRule,
  },
  correspondentFee: {
    method: 'GET', path: '/v1/pricing/correspondent/fees/{id}', root: 'markups',
    summary: 'One correspondent fee rule.', pathParams: byId, response: feeRule,
  },
  updateCorrespondentFee: {
    method: 'PUT', path: '/v1/pricing/correspondent/fees/{id}', root: 'markups',
    summary: 'Updates a correspondent fee rule.', pathParams: byId, body: feeRuleBody, response: feeRule,
  },
  deleteCorrespondentFee: {
    method: 'DELETE', path: '/v1/pricing/correspondent/fees/{id}', root: 'markups', status: 204,
    summary: 'Deletes a correspondent fee rule.', pathParams: byId, response: noContent,
  },
  correspondentFeeForTransaction: {
    method: 'GET', path: '/v1/pricing/correspondent/fees/for-transaction', root: 'markups',
    summary: 'The correspondent fees that apply to a transaction.', query: feeForTransactionQuery,
    response: feeForTransaction,
  },
  internalMerchantFeeForTransaction: {
    method: 'POST', path: '/v1/internal/merchant/fees/for-transaction', root: 'markups',
    summary: 'Merchant fees for a transaction of a TSP.', query: serviceProviderIdQuery, body: feeForTransactionBody,
    response: feeForTransaction,
  },
  internalCorrespondentFeeForTransaction: {
    method: 'POST', path: '/v1/internal/correspondent/fees/for-transaction', root: 'markups',
    summary: 'Correspondent fees for a transaction of a TSP.', query: serviceProviderIdQuery, body: feeForTransactionBody,
    response: feeForTransaction,
  },
  internalFee: {
    method: 'GET', path: '/v1/internal/fees/{id}', root: 'markups',
    summary: 'One fee rule of any TSP.', pathParams: byId, response: feeRule,
  },
  feeProfiles: {
    method: 'GET', path: '/v1/pricing/fee/profile', root: 'markups',
    summary: 'Fee pricing models.', query: queryEnabledFilter, response: pageOf(pricingModel),
  },
  createFeeProfile: {
    method: 'POST', path: '/v1/pricing/fee/profile', root: 'markups', creates: true, status: 201,
    summary: 'Creates a fee pricing model.', body: pricingModelBody, response: pricingModel,
  },
  feeProfile: {
    method: 'GET', path: '/v1/pricing/fee/profile/{id}', root: 'markups',
    summary: 'One fee pricing model.', pathParams: byId, response: pricingModel.extend({ fees: z.array(feeRule) }),
  },
  updateFeeProfile: {
    method: 'PUT', path: '/v1/pricing/fee/profile/{id}', root: 'markups',
    summary: 'Updates a fee pricing model.', pathParams: byId, body: pricingModelBody, response: pricingModel,
  },
  deleteFeeProfile: {
    method: 'DELETE', path: '/v1/pricing/fee/profile/{id}', root: 'markups', status: 204,
    summary: 'Deletes a fee pricing model.', pathParams: byId, response: noContent,
  },
});

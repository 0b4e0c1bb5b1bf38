import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, pathParams } from '../schemas/common.ts';
import { creditLimitFilter, creditRequestFilter, tspIdQuery } from '../schemas/filters.ts';
import {
  creditApproval,
  creditLimit,
  creditLimitBody,
  creditLimitSummary,
  creditRequest,
  creditRequestCreate,
} from '../schemas/wallets.ts';

const byId = pathParams('id');

/** Credit requests (REQUESTED -> IN_VERIFICATION -> APPROVED | REJECTED) and credit limits. */
export const credit = defineArea('credit', {
  merchantRequests: {
    method: 'GET', path: '/v1/merchant/wallets/credit-request', root: 'merchantWallet',
    summary: "The merchant's credit requests.", query: creditRequestFilter, response: pageOf(creditRequest),
  },
  merchantCreateRequest: {
    method: 'POST', path: '/v1/merchant/wallets/credit-request', root: 'merchantWallet', creates: true, status: 201,
    summary: 'Asks the TSP for credit on a wallet.', body: creditRequestCreate, response: creditRequest,
  },
  merchantRequest: {
    method: 'GET', path: '/v1/merchant/wallets/credit-request/{id}', root: 'merchantWallet',
    summary: 'One credit request.', pathParams: byId, response: creditRequest,
  },
  spRequests: {
    method: 'GET', path: '/sp/v1/merchant/wallets/credit-request', root: 'spWallet',
    summary: "Credit requests of the TSP's merchants.", query: creditRequestFilter, response: pageOf(creditRequest),
  },
  spCreateRequest: {
    method: 'POST', path: '/sp/v1/merchant/wallets/credit-request', root: 'spWallet', creates: true, status: 201,
    summary: 'Grants credit to a merchant wallet on the TSP side.',
    body: creditRequestCreate.extend({ merchantId: z.string().min(1, 'merchantId is required') }), response: creditRequest,
  },
  spRequest: {
    method: 'GET', path: '/sp/v1/merchant/wallets/credit-request/{id}', root: 'spWallet',
    summary: 'One credit request.', pathParams: byId, response: creditRequest,
  },
  spApproveRequest: {
    method: 'PUT', path: '/sp/v1/merchant/wallets/credit-request/{id}', root: 'spWallet',
    summary: 'Verifies, approves (a credit limit follows) or rejects a credit request.', pathParams: byId,
    body: creditApproval, response: creditRequest,
  },
  spCreateLinkedRequest: {
    method: 'POST', path: '/sp/v1/merchant/wallets/credit-request/linked', root: 'spWallet', creates: true, status: 201,
    summary: 'Grants credit backed by a linked TSP wallet.',
    body: creditRequestCreate.extend({
      merchantId: z.string().min(1, 'merchantId is required'),
      tspWalletId: z.string().min(1, 'tspWalletId is required'),
    }),
    response: creditRequest,
  },
  limits: {
    method: 'GET', path: '/v1/service-provider/wallets/credit-limit', root: 'spWallet',
    summary: 'Credit limits granted by the TSP.', query: creditLimitFilter, response: pageOf(creditLimit),
  },
  createLimit: {
    method: 'POST', path: '/v1/service-provider/wallets/credit-limit', root: 'spWallet', creates: true, status: 201,
    summary: 'Sets a credit limit on a wallet.', body: creditLimitBody, response: creditLimit,
  },
  limit: {
    method: 'GET', path: '/v1/service-provider/wallets/credit-limit/{id}', root: 'spWallet',
    summary: 'One credit limit.', pathParams: byId, response: creditLimit,
  },
  updateLimit: {
    method: 'PUT', path: '/v1/service-provider/wallets/credit-limit/{id}', root: 'spWallet',
    summary: 'Changes a credit limit.', pathParams: byId, body: creditLimitBody.partial(), response: creditLimit,
  },
  internalCreateLimit: {
    method: 'POST', path: '/v1/internal/service-provider/credit-limit', root: 'spWallet', creates: true, status: 201,
    summary: 'Sets a credit limit on behalf of a TSP.', query: tspIdQuery, body: creditLimitBody, response: creditLimit,
  },
  internalTspWalletLimitSummary: {
    method: 'GET', path: '/v1/internal/merchant/tsp-wallets/credit-limit/summary/{tspWalletId}', root: 'merchantWallet',
    summary: 'Credit granted to merchants against one TSP wallet.', pathParams: pathParams('tspWalletId'),
    response: creditLimitSummary,
  },
});

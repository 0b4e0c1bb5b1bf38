import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pathParams } from '../schemas/common.ts';
import { chargesFilter, dealPositionFilter, transactionFilter } from '../schemas/filters.ts';
import { chargeSummaryRow, dealPosition, dealProfitSummaryRow } from '../schemas/trading.ts';
import { creditTopUp, linkedTransactionCreate, transaction, transactionStatusRecord } from '../schemas/transactions.ts';
import { approvalRecord, comment, transactionCancellation } from '../schemas/transactions.ts';

const byTxn = pathParams('transactionId');
const base = '/v1/internal/transactions';

export const internalTransactions = defineArea('internalTransactions', {
  rePush: {
    method: 'PUT',
    path: '/v1/internal/re-push/{transactionId}',
    root: 'merchantTransactions',
    summary: 'Pushes a transaction to its correspondent again.',
    pathParams: byTxn,
    response: transactionStatusRecord,
  },
  tspCreditTopUp: {
    method: 'POST',
    path: `${base}/tsp/credit-topup`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Credit top-up of a TSP wallet.',
    body: creditTopUp,
    response: transaction,
  },
  merchantCreditTopUp: {
    method: 'POST',
    path: `${base}/merchant/credit-topup`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Credit top-up of a merchant wallet.',
    body: creditTopUp,
    response: transaction,
  },
  linked: {
    method: 'POST',
    path: `${base}/linked`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Creates the linked-wallet leg of a transaction.',
    body: linkedTransactionCreate,
    response: transaction,
  },
  tsp: {
    method: 'GET',
    path: `${base}/tsp/{transactionId}`,
    root: 'merchantTransactions',
    summary: 'A TSP transaction.',
    pathParams: byTxn,
    response: transaction,
  },
  tspDetail: {
    method: 'GET',
    path: `${base}/tsp/{transactionId}/detail`,
    root: 'merchantTransactions',
    summary: 'A TSP transaction with approvals, comments and cancellation.',
    pathParams: byTxn,
    response: transaction.extend({
      approvals: z.array(approvalRecord),
      comments: z.array(comment),
      cancellation: transactionCancellation.nullable(),
    }),
  },
  merchant: {
    method: 'GET',
    path: `${base}/merchant/{transactionId}`,
    root: 'merchantTransactions',
    summary: 'A merchant transaction.',
    pathParams: byTxn,
    response: transaction,
  },
  merchantStatus: {
    method: 'GET',
    path: `${base}/merchant/{transactionId}/status`,
    root: 'merchantTransactions',
    summary: 'Status of a merchant transaction.',
    pathParams: byTxn,
    response: transactionStatusRecord,
  },
  merchantChargesSummary: {
    method: 'GET',
    path: `${base}/merchant/charges/summary`,
    root: 'merchantTransactions',
    summary: 'Merchant charges grouped.',
    query: chargesFilter.extend({ serviceProviderId: z.string().optional() }),
    response: z.array(chargeSummaryRow),
  },
  dealProfitSummary: {
    method: 'GET',
    path: `${base}/deal/profit/summary`,
    root: 'merchantTransactions',
    summary: 'Deal profit grouped.',
    query: transactionFilter.extend({ serviceProviderId: z.string().optional() }),
    response: z.array(dealProfitSummaryRow),
  },
  dealPositionSummary: {
    method: 'GET',
    path: `${base}/deal/position/summary`,
    root: 'merchantTransactions',
    summary: 'Deal positions grouped.',
    query: dealPositionFilter.extend({ serviceProviderId: z.string().optional() }),
    response: z.array(dealPosition),
  },
});

import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, pathParams } from '../schemas/common.ts';
import { chargesFilter, transactionFilter } from '../schemas/filters.ts';
import { chargeRecord, chargeSummaryRow, dealProfit, dealProfitSummaryRow } from '../schemas/trading.ts';

const byId = pathParams('id');

export const charges = defineArea('charges', {
  correspondent: {
    method: 'GET',
    path: '/v2/sp/transactions/correspondent-charges',
    root: 'merchantTransactions',
    summary: 'Correspondent charges of the TSP.',
    query: chargesFilter,
    response: pageOf(chargeRecord),
  },
  correspondentOne: {
    method: 'GET',
    path: '/v2/sp/transactions/correspondent-charges/{id}',
    root: 'merchantTransactions',
    summary: 'One correspondent charge.',
    pathParams: byId,
    response: chargeRecord,
  },
  correspondentSummary: {
    method: 'GET',
    path: '/v2/sp/transactions/correspondent-charges/summary',
    root: 'merchantTransactions',
    summary: 'Correspondent charges grouped.',
    query: chargesFilter,
    response: z.array(chargeSummaryRow),
  },
  merchant: {
    method: 'GET',
    path: '/v2/merchant/transactions/merchant-charges',
    root: 'merchantTransactions',
    summary: "The merchant's charges.",
    query: chargesFilter,
    response: pageOf(chargeRecord),
  },
  merchantOne: {
    method: 'GET',
    path: '/v2/merchant/transactions/merchant-charges/{id}',
    root: 'merchantTransactions',
    summary: 'One merchant charge.',
    pathParams: byId,
    response: chargeRecord,
  },
  merchantSummary: {
    method: 'GET',
    path: '/v2/merchant/transactions/merchant-charges/summary',
    root: 'merchantTransactions',
    summary: "The merchant's charges grouped.",
    query: chargesFilter,
    response: z.array(chargeSummaryRow),
  },
  spMerchant: {
    method: 'GET',
    path: '/sp/v2/transactions/merchant-charges',
    root: 'merchantTransactions',
    summary: "Charges of the TSP's merchants.",
    query: chargesFilter,
    response: pageOf(chargeRecord),
  },
  spMerchantSummary: {
    method: 'GET',
    path: '/sp/v2/transactions/merchant-charges/summary',
    root: 'merchantTransactions',
    summary: "Charges of the TSP's merchants grouped.",
    query: chargesFilter,
    response: z.array(chargeSummaryRow),
  },
});

export const dealProfits = defineArea('dealProfits', {
  list: {
    method: 'GET',
    path: '/transactions/deal/profit',
    root: 'merchantTransactions',
    summary: 'Profit of each deal (customer rate against cost rate).',
    query: transactionFilter,
    response: pageOf(dealProfit),
  },
  get: {
    method: 'GET',
    path: '/transactions/deal/profit/{transactionId}',
    root: 'merchantTransactions',
    summary: 'Profit of one deal.',
    pathParams: pathParams('transactionId'),
    response: dealProfit,
  },
  summary: {
    method: 'GET',
    path: '/transactions/deal/profit/summary',
    root: 'merchantTransactions',
    summary: 'Deal profit grouped by currency.',
    query: transactionFilter,
    response: z.array(dealProfitSummaryRow),
  },
  summaryByDealType: {
    method: 'GET',
    path: '/transactions/deal/profit/summary/deal-type',
    root: 'merchantTransactions',
    summary: 'Deal profit grouped by deal type.',
    query: transactionFilter,
    response: z.array(dealProfitSummaryRow),
  },
});

import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, pathParams, stringList } from '../schemas/common.ts';
import { approvalsFilter, cancellationFilter, transactionFilter } from '../schemas/filters.ts';
import { codeName } from '../schemas/reference.ts';
import {
  approvalBody,
  approvalRecord,
  basicTransaction,
  cancellationApproval,
  cancellationCreate,
  comment,
  commentBody,
  netOffBody,
  netOffResult,
  timelineStep,
  topUp,
  transaction,
  transactionCancellation,
  transactionCreate,
  transactionDetailsUpdate,
  transactionStatusRecord,
  transactionSummaryRow,
  walletBalanceReset,
} from '../schemas/transactions.ts';

const byTxn = pathParams('transactionId');
const sp = '/v2/sp/transactions';
const spm = '/sp/v2/transactions';
const m = '/v2/merchant/transactions';
/** A transaction with what the receipt and detail screens show around it. */
const transactionDetails = transaction.extend({
  approvals: z.array(approvalRecord),
  comments: z.array(comment),
  cancellation: transactionCancellation.nullable(),
});

export const spTransactions = defineArea('spTransactions', {
  list: {
    method: 'GET', path: sp, root: 'merchantTransactions',
    summary: "The TSP's transactions (top-ups, transfers, payouts...).", query: transactionFilter, response: pageOf(transaction),
  },
  create: {
    method: 'POST', path: sp, root: 'merchantTransactions', creates: true, status: 201,
    summary: 'Creates a transaction (a deal from a quote, a top-up...).', body: transactionCreate, response: transaction,
  },
  netoff: {
    method: 'POST', path: `${sp}/netoff`, root: 'merchantTransactions', creates: true, status: 201,
    summary: 'Nets off opposite transactions into one settlement.', body: netOffBody, response: netOffResult,
  },
  get: {
    method: 'GET', path: `${sp}/{transactionId}`, root: 'merchantTransactions',
    summary: 'One transaction.', pathParams: byTxn, response: transaction,
  },
  status: {
    method: 'GET', path: `${sp}/{transactionId}/status`, root: 'merchantTransactions',
    summary: 'Status of a transaction and its approvals.', pathParams: byTxn, response: transactionStatusRecord,
  },
  summary: {
    method: 'GET', path: `${sp}/summary`, root: 'merchantTransactions',
    summary: 'Counts and totals by status, category and currency.', query: transactionFilter,
    response: z.array(transactionSummaryRow),
  },
  basicView: {
    method: 'GET', path: `${sp}/basic-view`, root: 'merchantTransactions',
    summary: 'A light list of transactions (pickers).', query: transactionFilter, response: pageOf(basicTransaction),
  },
  targetApproval: {
    method: 'PUT', path: `${sp}/{transactionId}/target-approval`, root: 'merchantTransactions',
    summary: 'Approves or rejects the target side.', pathParams: byTxn, body: approvalBody, response: transaction,
  },
  sourceApproval: {
    method: 'PUT', path: `${sp}/{transactionId}/source-approval`, root: 'merchantTransactions',
    summary: 'Approves or rejects the source side.', pathParams: byTxn, body: approvalBody, response: transaction,
  },
  comment: {
    method: 'PUT', path: `${sp}/{transactionId}/comments`, root: 'merchantTransactions',
    summary: 'Adds a comment to a transaction.', pathParams: byTxn, body: commentBody, response: comment,
  },
  updateDetails: {
    method: 'PUT', path: `${sp}/details/{transactionId}`, root: 'merchantTransactions',
    summary: 'Updates the details of a transaction.', pathParams: byTxn, body: transactionDetailsUpdate,
    response: transactionDetails,
  },
  resetWalletBalance: {
    method: 'PUT', path: `${sp}/wallet/balance`, root: 'merchantTransactions',
    summary: 'Resets a wallet balance (a balancing voucher is posted).', body: walletBalanceReset,
    response: z.object({ walletId: z.string(), previousBalance: z.string(), balance: z.string(), voucherNo: z.string() }),
  },
  activities: {
    method: 'GET', path: `${sp}/activities/{transactionId}`, root: 'merchantTransactions',
    summary: 'Status timeline of a transaction.', pathParams: byTxn, response: z.array(timelineStep),
  },
  approvals: {
    method: 'GET', path: `${sp}/approvals`, root: 'merchantTransactions',
    summary: 'Approval records.', query: approvalsFilter, response: pageOf(approvalRecord),
  },
});

export const spMerchantTransactions = defineArea('spMerchantTransactions', {
  list: {
    method: 'GET', path: `${spm}/merchant`, root: 'merchantTransactions',
    summary: "Transactions of the TSP's merchants.", query: transactionFilter, response: pageOf(transaction),
  },
  details: {
    method: 'GET', path: `${spm}/details/{transactionId}`, root: 'merchantTransactions',
    summary: 'A merchant transaction with approvals, comments and cancellation.', pathParams: byTxn,
    response: transactionDetails,
  },
  targetApproval: {
    method: 'PUT', path: `${spm}/merchant/{transactionId}/target-approval`, root: 'merchantTransactions',
    summary: 'Approves or rejects the target side of a merchant transaction.', pathParams: byTxn, body: approvalBody,
    response: transaction,
  },
  sourceApproval: {
    method: 'PUT', path: `${spm}/merchant/{transactionId}/source-approval`, root: 'merchantTransactions',
    summary: 'Approves or rejects the source side of a merchant transaction.', pathParams: byTxn, body: approvalBody,
    response: transaction,
  },
  comment: {
    method: 'PUT', path: `${spm}/merchant/{transactionId}/comments`, root: 'merchantTransactions',
    summary: 'Comments on a merchant transaction.', pathParams: byTxn, body: commentBody, response: comment,
  },
  get: {
    method: 'GET', path: `${spm}/merchant/{transactionId}`, root: 'merchantTransactions',
    summary: 'One merchant transaction.', pathParams: byTxn, response: transaction,
  },
  status: {
    method: 'GET', path: `${spm}/merchant/{transactionId}/status`, root: 'merchantTransactions',
    summary: 'Status of a merchant transaction.', pathParams: byTxn, response: transactionStatusRecord,
  },
  approvals: {
    method: 'GET', path: `${spm}/merchant/approvals`, root: 'merchantTransactions',
    summary: 'Approval records of merchant transactions.',
    query: approvalsFilter.extend({ merchantServiceIds: stringList }), response: pageOf(approvalRecord),
  },
});

export const merchantTransactions = defineArea('merchantTransactions', {
  list: {
    method: 'GET', path: m, root: 'merchantTransactions',
    summary: "The merchant's transactions.", query: transactionFilter, response: pageOf(transaction),
  },
  create: {
    method: 'POST', path: m, root: 'merchantTransactions', creates: true, status: 201,
    summary: 'Creates a transaction (top-up request, transfer from a quote...).', body: transactionCreate,
    response: transaction,
  },
  get: {
    method: 'GET', path: `${m}/{transactionId}`, root: 'merchantTransactions',
    summary: 'One transaction.', pathParams: byTxn, response: transaction,
  },
  status: {
    method: 'GET', path: `${m}/{transactionId}/status`, root: 'merchantTransactions',
    summary: 'Status of a transaction.', pathParams: byTxn, response: transactionStatusRecord,
  },
  details: {
    method: 'GET', path: `${m}/details/{transactionId}`, root: 'merchantTransactions',
    summary: 'A transaction with approvals, comments and cancellation.', pathParams: byTxn, response: transactionDetails,
  },
  activities: {
    method: 'GET', path: `${m}/activities/{transactionId}`, root: 'merchantTransactions',
    summary: 'Status timeline of a transaction.', pathParams: byTxn, response: z.array(timelineStep),
  },
});

/** Cancellation: requested, approved, then the postings are reversed. */
export const cancellations = defineArea('cancellations', {
  spList: {
    method: 'GET', path: `${sp}/cancellations`, root: 'merchantTransactions',
    summary: 'Cancellations of TSP transactions.', query: cancellationFilter, response: pageOf(transactionCancellation),
  },
  spApprove: {
    method: 'PUT', path: `${sp}/cancellations`, root: 'merchantTransactions',
    summary: 'Approves or rejects a cancellation; approval reverses the postings.', body: cancellationApproval,
    response: transactionCancellation,
  },
  spCancel: {
    method: 'POST', path: `${sp}/cancellations`, root: 'merchantTransactions', creates: true, status: 201,
    summary: 'Requests the cancellation of a transaction.', body: cancellationCreate, response: transactionCancellation,
  },
  merchantList: {
    method: 'GET', path: `${m}/cancellations`, root: 'merchantTransactions',
    summary: "Cancellations of the merchant's transactions.", query: cancellationFilter,
    response: pageOf(transactionCancellation),
  },
  merchantCancel: {
    method: 'POST', path: `${m}/cancellations`, root: 'merchantTransactions', creates: true, status: 201,
    summary: 'Requests the cancellation of a transaction.', body: cancellationCreate, response: transactionCancellation,
  },
  spActivities: {
    method: 'GET', path: `${sp}/cancellations/activities`, root: 'merchantTransactions',
    summary: 'Timeline of cancellations.', query: cancellationFilter, response: pageOf(timelineStep),
  },
  merchantActivities: {
    method: 'GET', path: `${m}/cancellations/activities`, root: 'merchantTransactions',
    summary: 'Timeline of cancellations of the merchant.', query: cancellationFilter, response: pageOf(timelineStep),
  },
});

export const topUps = defineArea('topUps', {
  list: {
    method: 'GET', path: '/v1/top-ups', root: 'merchantTransactions',
    summary: 'Top-up details (for the top-up screens).', query: transactionFilter, response: pageOf(topUp),
  },
  transferModes: {
    method: 'GET', path: '/v1/master/transfer-mode', root: 'referenceData',
    summary: 'Transfer modes.', query: z.object({ ...paging }), response: pageOf(codeName),
  },
});

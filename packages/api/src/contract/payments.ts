import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, pathParams, stringList } from '../schemas/common.ts';
import { draftFilter, paymentFilter } from '../schemas/filters.ts';
import {
  cancellationRequest,
  cancellationStatus,
  failureLogEntry,
  payment,
  paymentCreate,
  paymentIdsAction,
  paymentSummaryRow,
  payoutBank,
  processOutcome,
} from '../schemas/payments.ts';

const byId = pathParams('id');
const byTransaction = pathParams('transactionId');
const banksQuery = z.object({ countryCode: z.string().optional(), currencyCode: z.string().optional(), ...paging });
/** Bulk processing of pending payments: by ids, or every payment matching the draft filter. */
const processQuery = draftFilter.extend({ paymentIds: stringList });

export const merchantPayments = defineArea('merchantPayments', {
  list: {
    method: 'GET', path: '/m/api/v1/transactions/payments', root: 'merchantPayments',
    summary: "The merchant's payments.", query: paymentFilter, response: pageOf(payment),
  },
  create: {
    method: 'POST', path: '/m/api/v1/transactions/payments', root: 'merchantPayments', creates: true, status: 201,
    summary: 'Initiates a payment: the funds are reserved on the wallet.', body: paymentCreate, response: payment,
  },
  reject: {
    method: 'PUT', path: '/m/api/v1/transactions/payments/reject', root: 'merchantPayments',
    summary: 'Rejects drafted payments.', body: paymentIdsAction, response: z.array(payment),
  },
  renew: {
    method: 'PUT', path: '/m/api/v1/transactions/payments/new', root: 'merchantPayments',
    summary: 'Moves rejected or failed payments back to drafts.', body: paymentIdsAction, response: z.array(payment),
  },
  drafts: {
    method: 'GET', path: '/m/api/v1/transactions/payments/draft', root: 'merchantPayments',
    summary: "The merchant's draft payments.", query: draftFilter, response: pageOf(payment),
  },
  createDraft: {
    method: 'POST', path: '/m/api/v1/transactions/payments/draft', root: 'merchantPayments', creates: true, status: 201,
    summary: 'Stores a draft payment; a draftId makes it unique for ever.', body: paymentCreate, response: payment,
  },
  cancel: {
    method: 'POST', path: '/m/api/v1/transactions/payments/cancellations', root: 'merchantPayments', creates: true,
    status: 201, summary: 'Requests the cancellation of a payment.', body: cancellationRequest, response: cancellationStatus,
  },
  get: {
    method: 'GET', path: '/m/api/v1/transactions/payments/{id}', root: 'merchantPayments',
    summary: 'One payment.', pathParams: byId, response: payment,
  },
  retry: {
    method: 'GET', path: '/m/api/v1/transactions/payments/retry', root: 'merchantPayments',
    summary: 'Retries a failed payment.', query: z.object({ paymentId: z.string().min(1, 'paymentId is required') }),
    response: payment,
  },
  processDraft: {
    method: 'GET', path: '/m/api/v1/transactions/payments/draft/process/{id}', root: 'merchantPayments',
    summary: 'Processes a draft (the portal also sends the id as a paymentId query).',
    pathParams: byId, query: z.object({ paymentId: z.string().optional() }), response: payment,
  },
  cancellationStatus: {
    method: 'GET', path: '/m/api/v1/transactions/payments/cancellations/{transactionId}/status', root: 'merchantPayments',
    summary: 'Status of the cancellation of a payment.', pathParams: byTransaction, response: cancellationStatus,
  },
  banks: {
    method: 'GET', path: '/m/api/v1/transactions/payments/banks', root: 'merchantPayments',
    summary: 'Banks a payment can be sent to.', query: banksQuery, response: pageOf(payoutBank),
  },
});

export const spPayments = defineArea('spPayments', {
  list: {
    method: 'GET', path: '/s/api/v1/transactions/payments', root: 'merchantPayments',
    summary: "Payments of the TSP's merchants.", query: paymentFilter, response: pageOf(payment),
  },
  update: {
    method: 'PUT', path: '/s/api/v1/transactions/payments', root: 'merchantPayments',
    summary: 'Rejects or moves payments on (status change by ids).',
    body: paymentIdsAction.extend({ status: z.enum(['PROCESSING', 'COMPLETED', 'REJECTED']) }),
    response: z.array(payment),
  },
  create: {
    method: 'POST', path: '/s/api/v1/transactions/payments', root: 'merchantPayments', creates: true, status: 201,
    summary: 'Initiates a payment on behalf of a merchant.',
    body: paymentCreate, response: payment,
  },
  renew: {
    method: 'POST', path: '/s/api/v1/transactions/payments/new', root: 'merchantPayments', creates: true, status: 201,
    summary: 'Creates new payments from rejected or failed ones.', body: paymentIdsAction, response: z.array(payment),
  },
  drafts: {
    method: 'GET', path: '/s/api/v1/transactions/payments/draft', root: 'merchantPayments',
    summary: 'Draft payments.', query: draftFilter, response: pageOf(payment),
  },
  createDraft: {
    method: 'POST', path: '/s/api/v1/transactions/payments/draft', root: 'merchantPayments', creates: true, status: 201,
    summary: 'Stores a draft payment.', body: paymentCreate, response: payment,
  },
  cancel: {
    method: 'POST', path: '/s/api/v1/transactions/payments/cancellations', root: 'merchantPayments', creates: true,
    status: 201, summary: 'Requests the cancellation of a payment.', body: cancellationRequest, response: cancellationStatus,
  },
  get: {
    method: 'GET', path: '/s/api/v1/transactions/payments/{id}', root: 'merchantPayments',
    summary: 'One payment.', pathParams: byId, response: payment,
  },
  summary: {
    method: 'GET', path: '/s/api/v1/transactions/payments/summary', root: 'merchantPayments',
    summary: 'Counts and totals of payments by status and currency.', query: paymentFilter,
    response: z.array(paymentSummaryRow),
  },
  repush: {
    method: 'GET', path: '/s/api/v1/transactions/payments/repush/{paymentId}', root: 'merchantPayments',
    summary: 'Pushes a payment to its correspondent again.', pathParams: pathParams('paymentId'), response: payment,
  },
  processPending: {
    method: 'GET', path: '/s/api/v1/transactions/payments/process', root: 'merchantPayments',
    summary: 'Processes pending payments by ids or by filter.', query: processQuery, response: processOutcome,
  },
  processOne: {
    method: 'GET', path: '/s/api/v1/transactions/payments/process/{id}', root: 'merchantPayments',
    summary: 'Processes one pending payment.', pathParams: byId, response: payment,
  },
  pending: {
    method: 'GET', path: '/s/api/v1/transactions/payments/pending', root: 'merchantPayments',
    summary: 'Pending payments.', query: draftFilter, response: pageOf(payment),
  },
  pendingSummary: {
    method: 'GET', path: '/s/api/v1/transactions/payments/pending/summary', root: 'merchantPayments',
    summary: 'Totals of pending payments.', query: draftFilter, response: z.array(paymentSummaryRow),
  },
  draftSummary: {
    method: 'GET', path: '/s/api/v1/transactions/payments/draft/summary', root: 'merchantPayments',
    summary: 'Totals of draft payments.', query: draftFilter, response: z.array(paymentSummaryRow),
  },
  processDraft: {
    method: 'GET', path: '/s/api/v1/transactions/payments/draft/process/{id}', root: 'merchantPayments',
    summary: 'Processes a draft payment.', pathParams: byId, query: z.object({ paymentId: z.string().optional() }),
    response: payment,
  },
  cancellationStatus: {
    method: 'GET', path: '/s/api/v1/transactions/payments/cancellations/{transactionId}/status', root: 'merchantPayments',
    summary: 'Status of the cancellation of a payment.', pathParams: byTransaction, response: cancellationStatus,
  },
  banks: {
    method: 'GET', path: '/s/api/v1/transactions/payments/banks', root: 'merchantPayments',
    summary: 'Banks a payment can be sent to.', query: banksQuery, response: pageOf(payoutBank),
  },
  merchantPayments: {
    method: 'GET', path: '/s/api/v1/merchant/transactions/payments', root: 'merchantPayments',
    summary: 'Payments of one or more merchants of the TSP.', query: paymentFilter, response: pageOf(payment),
  },
});

export const internalPayments = defineArea('internalPayments', {
  byTsp: {
    method: 'GET', path: '/v1/internal/transactions/payments/tsp/{id}', root: 'merchantPayments',
    summary: 'A payment as its TSP sees it.', pathParams: byId, response: payment,
  },
  byMerchant: {
    method: 'GET', path: '/v1/internal/transactions/payments/merchant/{id}', root: 'merchantPayments',
    summary: 'A payment as its merchant sees it.', pathParams: byId, response: payment,
  },
  failureLog: {
    method: 'GET', path: '/v1/internal/transactions/payments/failureLog', root: 'merchantPayments',
    summary: 'Failures of payment processing steps.',
    query: z.object({ paymentId: z.string().optional(), errorCode: z.string().optional(), fromDate: z.string().optional(), toDate: z.string().optional(), ...paging }),
    response: pageOf(failureLogEntry),
  },
});

import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf } from '../schemas/common.ts';
import {
  activityFilter,
  spStatementReportFilter,
  spStatementSummaryFilter,
  statementFilter,
} from '../schemas/filters.ts';
import { exportResult, statementExport, statementLine, statementSummaryRow } from '../schemas/ledger.ts';

/** Statement exports answer the generated file's link; the file itself is fetched through /files. */
export const reports = defineArea('reports', {
  merchantWalletStatementExport: {
    method: 'POST', path: '/m/api/v1/reports/wallets/statement/export', root: 'reports', creates: true, status: 201,
    summary: 'Exports a wallet statement report of the merchant.', body: statementExport, response: exportResult,
  },
  merchantWalletStatementReport: {
    method: 'GET', path: '/m/api/v1/reports/wallets/statement', root: 'reports',
    summary: 'Wallet statement report lines of the merchant.', query: statementFilter, response: pageOf(statementLine),
  },
  merchantWalletStatementReportSummary: {
    method: 'GET', path: '/m/api/v1/reports/wallets/statement/summary', root: 'reports',
    summary: 'Wallet statement report grouped.', query: statementFilter, response: z.array(statementSummaryRow),
  },
  merchantActivity: {
    method: 'GET', path: '/m/api/v1/wallets/activity', root: 'reports',
    summary: "Activity lines of the merchant's wallets.", query: activityFilter, response: pageOf(statementLine),
  },
  merchantActivitySummary: {
    method: 'GET', path: '/m/api/v1/wallets/activity/summary', root: 'reports',
    summary: 'Wallet activity grouped.', query: activityFilter, response: z.array(statementSummaryRow),
  },
  merchantWalletStatement: {
    method: 'GET', path: '/m/api/v1/wallet/statement', root: 'reports',
    summary: 'Wallet statement of the merchant.', query: statementFilter, response: pageOf(statementLine),
  },
  merchantWalletStatementExportFile: {
    method: 'POST', path: '/m/api/v1/wallet/statement', root: 'reports', creates: true, status: 201,
    summary: 'Exports the wallet statement of the merchant.', body: statementExport, response: exportResult,
  },
  merchantWalletStatementSummary: {
    method: 'GET', path: '/m/api/v1/wallet/statement/summary', root: 'reports',
    summary: 'Wallet statement grouped.', query: statementFilter, response: z.array(statementSummaryRow),
  },
  merchantTransactionStatementExport: {
    method: 'POST', path: '/m/api/v1/transaction/statement/export', root: 'reports', creates: true, status: 201,
    summary: 'Exports the transaction statement of the merchant.', body: statementExport, response: exportResult,
  },
  spWalletStatement: {
    method: 'GET', path: '/s/api/v1/wallet/statement', root: 'reports',
    summary: 'Wallet statement of the TSP.', query: statementFilter, response: pageOf(statementLine),
  },
  spWalletStatementExportFile: {
    method: 'POST', path: '/s/api/v1/wallet/statement', root: 'reports', creates: true, status: 201,
    summary: 'Exports the wallet statement of the TSP.', body: statementExport, response: exportResult,
  },
  spWalletStatementSummary: {
    method: 'GET', path: '/s/api/v1/wallet/statement/summary', root: 'reports',
    summary: 'TSP wallet statement grouped.', query: statementFilter, response: z.array(statementSummaryRow),
  },
  spTransactionStatementExport: {
    method: 'POST', path: '/s/api/v1/transaction/statement/export', root: 'reports', creates: true, status: 201,
    summary: 'Exports the transaction statement of the TSP.', body: statementExport, response: exportResult,
  },
  internalTspTransactionStatementExport: {
    method: 'POST', path: '/v1/internal/tsp/transaction/statement/export', root: 'reports', creates: true, status: 201,
    summary: 'Exports the transaction statement of any TSP.',
    body: statementExport.extend({ tspId: z.string().min(1, 'tspId is required') }), response: exportResult,
  },
  internalMerchantTransactionStatementExport: {
    method: 'POST', path: '/v1/internal/merchant/transaction/statement/export', root: 'reports', creates: true,
    status: 201, summary: 'Exports the transaction statement of any merchant.',
    body: statementExport.extend({ merchantId: z.string().min(1, 'merchantId is required') }), response: exportResult,
  },
  spWalletStatementReportExport: {
    method: 'POST', path: '/s/api/v1/reports/wallets/statement/export', root: 'reports', creates: true, status: 201,
    summary: 'Exports a wallet statement report of the TSP.', body: statementExport, response: exportResult,
  },
  spWalletStatementReport: {
    method: 'GET', path: '/s/api/v1/reports/wallets/statement', root: 'reports',
    summary: 'Wallet statement report lines of the TSP.', query: spStatementReportFilter, response: pageOf(statementLine),
  },
  spWalletStatementReportSummary: {
    method: 'GET', path: '/s/api/v1/reports/wallets/statement/summary', root: 'reports',
    summary: 'TSP wallet statement report grouped.', query: spStatementSummaryFilter, response: z.array(statementSummaryRow),
  },
});

import { z } from 'zod';
import { defineArea } from '../define.ts';
import { isoDate, pageOf, pathParams } from '../schemas/common.ts';
import { spWalletFilter, tspIdQuery } from '../schemas/filters.ts';
import { refreshResult } from '../schemas/ledger.ts';
import { accountingConfig, wallet, walletConfig, walletPosition } from '../schemas/wallets.ts';

const base = '/v1/internal/service-provider';
const refreshBody = z.object({ fromDate: isoDate.optional(), toDate: isoDate.optional() }).optional();

/** Internal operations on a TSP's data; every call names the TSP with tspId. */
export const internalServiceProvider = defineArea('internalServiceProvider', {
  refreshRecords: {
    method: 'POST',
    path: `${base}/records/refresh`,
    root: 'spWallet',
    summary: 'Rebuilds every record view of a TSP.',
    query: tspIdQuery,
    body: refreshBody,
    response: z.array(refreshResult),
  },
  refreshWalletRevaluation: {
    method: 'POST',
    path: `${base}/records/refresh/wallet-revaluation`,
    root: 'spWallet',
    summary: 'Rebuilds the wallet revaluation records.',
    query: tspIdQuery,
    body: refreshBody,
    response: refreshResult,
  },
  refreshWalletPosition: {
    method: 'POST',
    path: `${base}/records/refresh/wallet-position`,
    root: 'spWallet',
    summary: 'Rebuilds the wallet position records.',
    query: tspIdQuery,
    body: refreshBody,
    response: refreshResult,
  },
  refreshMerchantTxnCharges: {
    method: 'POST',
    path: `${base}/records/refresh/merchant-txn-charges`,
    root: 'spWallet',
    summary: 'Rebuilds the merchant transaction charge records.',
    query: tspIdQuery,
    body: refreshBody,
    response: refreshResult,
  },
  refreshDealProfit: {
    method: 'POST',
    path: `${base}/records/refresh/deal-profit`,
    root: 'spWallet',
    summary: 'Rebuilds the deal profit records.',
    query: tspIdQuery,
    body: refreshBody,
    response: refreshResult,
  },
  refreshDealPosition: {
    method: 'POST',
    path: `${base}/records/refresh/deal-position`,
    root: 'spWallet',
    summary: 'Rebuilds the deal position records.',
    query: tspIdQuery,
    body: refreshBody,
    response: refreshResult,
  },
  wallets: {
    method: 'GET',
    path: `${base}/wallets`,
    root: 'spWallet',
    summary: 'Wallets of a TSP.',
    query: spWalletFilter.extend(tspIdQuery.shape),
    response: pageOf(wallet),
  },
  wallet: {
    method: 'GET',
    path: `${base}/wallets/{id}`,
    root: 'spWallet',
    summary: 'One TSP wallet.',
    pathParams: pathParams('id'),
    query: tspIdQuery,
    response: wallet,
  },
  walletPosition: {
    method: 'GET',
    path: `${base}/wallets/position/{id}`,
    root: 'spWallet',
    summary: 'Position of a TSP wallet.',
    pathParams: pathParams('id'),
    query: tspIdQuery,
    response: walletPosition,
  },
  walletConfigByCategory: {
    method: 'GET',
    path: `${base}/wallets/config/{walletId}/category/{category}`,
    root: 'spWallet',
    summary: 'Config of a TSP wallet for a category.',
    pathParams: pathParams('walletId', 'category'),
    query: tspIdQuery,
    response: walletConfig,
  },
  walletAccountingConfig: {
    method: 'GET',
    path: `${base}/wallets/accounting-config/{walletId}`,
    root: 'spWallet',
    summary: 'Accounting config of a TSP wallet.',
    pathParams: pathParams('walletId'),
    query: tspIdQuery,
    response: accountingConfig,
  },
  linkedWallet: {
    method: 'GET',
    path: `${base}/wallets/linked-wallet/{linkedMSWalletId}`,
    root: 'spWallet',
    summary: 'The TSP wallet linked to a merchant wallet.',
    pathParams: pathParams('linkedMSWalletId'),
    query: tspIdQuery,
    response: wallet,
  },
});

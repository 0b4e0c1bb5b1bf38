import { defineArea } from '../define.ts';
import { pageOf, pathParams } from '../schemas/common.ts';
import { accountingEntryFilter, recordFilter } from '../schemas/filters.ts';
import { accountingEntry, recordRow } from '../schemas/ledger.ts';

const records = '/v1/service-provider/records';

/** Ledger entries and the record views derived from them. */
export const accounting = defineArea('accounting', {
  entry: {
    method: 'GET',
    path: '/v1/accounting/{entityId}',
    root: 'reports',
    summary: 'Accounting entries (vouchers) of an entity: a transaction, a wallet or a settlement.',
    pathParams: pathParams('entityId'),
    response: pageOf(accountingEntry),
  },
  entries: {
    method: 'GET',
    path: '/v1/accounting/accounting_entries',
    root: 'reports',
    summary: 'Accounting entries.',
    query: accountingEntryFilter,
    response: pageOf(accountingEntry),
  },
  walletRevenue: {
    method: 'GET',
    path: `${records}/wallet-revenue`,
    root: 'reports',
    summary: 'Revenue per wallet.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
  walletRevaluation: {
    method: 'GET',
    path: `${records}/wallet-revaluation`,
    root: 'reports',
    summary: 'Revaluation records per wallet.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
  walletPosition: {
    method: 'GET',
    path: `${records}/wallet-position`,
    root: 'reports',
    summary: 'Daily wallet position records.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
  merchantCharges: {
    method: 'GET',
    path: `${records}/transaction/merchant/charges`,
    root: 'reports',
    summary: 'Merchant charge records.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
  dealProfit: {
    method: 'GET',
    path: `${records}/deal-profit`,
    root: 'reports',
    summary: 'Deal profit records.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
  dealPosition: {
    method: 'GET',
    path: `${records}/deal-position`,
    root: 'reports',
    summary: 'Deal position records.',
    query: recordFilter,
    response: pageOf(recordRow),
  },
});

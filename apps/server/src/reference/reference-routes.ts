import type { Contract } from '@corridor/api';
import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import type { AppServices } from '../http/services.ts';
import { pageOfRows, type PageRequest } from '../http/paging.ts';
import { referenceLists, type ReferenceList, type ReferenceListName } from './reference-lists.ts';

type Row = Record<string, unknown>;
type ListQuery = PageRequest & { query?: string | undefined; codes?: string[] | undefined } & Record<string, unknown>;

/** Reference reads go through the named cache: the database is read once per cache fill. */
function referenceRows(services: AppServices, name: ReferenceListName): Promise<Row[]> {
  const list = referenceLists[name] as ReferenceList;
  return services.cache.named<Row>(list.cacheName).all(async () => (await list.load(services.db)).map((value) => ({ key: list.key(value), value })));
}

function rowsByCacheName(services: AppServices) {
  return (cacheName: string) => {
    const name = (Object.keys(referenceLists) as ReferenceListName[]).find((n) => referenceLists[n].cacheName === cacheName);
    if (!name) throw new Error(`No reference list cached as ${cacheName}`);
    return referenceRows(services, name);
  };
}

async function filteredRows(services: AppServices, name: ReferenceListName, query: ListQuery): Promise<Row[]> {
  const list = referenceLists[name] as ReferenceList;
  let rows = await referenceRows(services, name);
  const text = query.query?.trim().toLowerCase();
  if (text) {
    rows = rows.filter((row) =>
      list.searchFields.some((f) =>
        String(row[f] ?? '')
          .toLowerCase()
          .includes(text),
      ),
    );
  }
  if (query.codes && query.codes.length > 0) {
    const wanted = new Set(query.codes.map((c) => c.toLowerCase()));
    rows = rows.filter((row) => wanted.has(list.key(row).toLowerCase()));
  }
  for (const [field, build] of Object.entries(list.filters ?? {})) {
    const value = query[field];
    if (typeof value !== 'string' || value === '') continue;
    const keep = await build(value, rowsByCacheName(services));
    rows = rows.filter(keep);
  }
  return rows;
}

type ListCall = { [K in keyof Contract]: K extends `reference.${string}` ? K : never }[keyof Contract] | 'topUps.transferModes';

const LIST_CALLS: Array<[ListCall, ReferenceListName]> = [
  ['reference.accountTypes', 'accountTypes'],
  ['reference.accountCategories', 'accountCategories'],
  ['reference.transactionCategories', 'transactionCategories'],
  ['reference.bankBranches', 'bankBranches'],
  ['reference.bankCountryCurrencies', 'bankCountryCurrencies'],
  ['reference.banks', 'banks'],
  ['reference.businessTypes', 'businessTypes'],
  ['reference.partnerTypes', 'partnerTypes'],
  ['reference.channels', 'channels'],
  ['reference.deliveryModes', 'deliveryModes'],
  ['reference.correspondents', 'correspondents'],
  ['reference.tradingCurrencies', 'tradingCurrencies'],
  ['reference.countries', 'countries'],
  ['reference.currencies', 'currencies'],
  ['reference.mtos', 'mtos'],
  ['reference.transactionPurposes', 'transactionPurposes'],
  ['reference.fundSources', 'fundSources'],
  ['reference.incomeSources', 'incomeSources'],
  ['reference.rateProviders', 'rateProviders'],
  ['reference.transactionCategoryList', 'transactionCategoryMaster'],
  ['reference.productTypes', 'productTypes'],
  ['reference.dealTypes', 'dealTypes'],
  ['reference.consumerTypes', 'consumerTypes'],
  ['reference.collectionModes', 'collectionModes'],
  ['reference.spCollectionModes', 'collectionModes'],
  ['reference.merchantCollectionModes', 'collectionModes'],
  ['topUps.transferModes', 'transferModes'],
];

/** By-key calls: the call, its list, and the path parameter holding the key. */
const KEY_CALLS: Array<[ListCall, ReferenceListName, string]> = [
  ['reference.accountTypeByCode', 'accountTypes', 'code'],
  ['reference.accountCategoryByCode', 'accountCategories', 'code'],
  ['reference.transactionCategoryByCode', 'transactionCategories', 'code'],
  ['reference.bankBranchByCode', 'bankBranches', 'code'],
  ['reference.bankByCode', 'banks', 'code'],
  ['reference.businessTypeByCode', 'businessTypes', 'code'],
  ['reference.partnerTypeByCode', 'partnerTypes', 'code'],
  ['reference.channelById', 'channels', 'id'],
  ['reference.deliveryModeById', 'deliveryModes', 'id'],
  ['reference.correspondentById', 'correspondents', 'correspondentId'],
  ['reference.tradingCurrencyByCode', 'tradingCurrencies', 'code'],
  ['reference.countryByCode', 'countries', 'code'],
  ['reference.currencyByCode', 'currencies', 'code'],
  ['reference.mtoById', 'mtos', 'id'],
  ['reference.transactionPurposeById', 'transactionPurposes', 'id'],
  ['reference.fundSourceById', 'fundSources', 'id'],
  ['reference.incomeSourceById', 'incomeSources', 'id'],
  ['reference.internalBankByCode', 'banks', 'code'],
  ['reference.internalBankBranchByCode', 'bankBranches', 'code'],
];

/** Sort keys of a list: the fields of its wire rows. */
function sortableFields(rows: Row[]): string[] {
  return rows[0] ? Object.keys(rows[0]) : [];
}

export function registerReferenceRoutes(r: CallRegistrar): void {
  // The reference calls share one generic handler; their contract types are all "page of rows".
  const serve = r.serve.bind(r) as (id: ListCall, handler: (ctx: { query: unknown; params: unknown; services: AppServices }) => Promise<unknown>) => void;

  for (const [callId, name] of LIST_CALLS) {
    serve(callId, async ({ query, services }) => {
      const q = query as ListQuery;
      const rows = await filteredRows(services, name, q);
      const all = await referenceRows(services, name);
      return pageOfRows(rows.map(stripInternal(name)), q, sortableFields(all));
    });
  }

  for (const [callId, name, param] of KEY_CALLS) {
    serve(callId, async ({ params, services }) => {
      const key = String((params as Record<string, string>)[param]);
      const list = referenceLists[name] as ReferenceList;
      const wanted = key.toLowerCase();
      const row = (await referenceRows(services, name)).find((d) => list.key(d).toLowerCase() === wanted || list.altKey?.(d).toLowerCase() === wanted);
      if (!row) throw new AppError('NOT_FOUND', `No ${name} entry ${key}`);
      return stripInternal(name)(row);
    });
  }

  serve('reference.bankCountryCurrenciesByCountry', async ({ params, services }) => {
    const countryCode = (params as { countryCode: string }).countryCode.toLowerCase();
    const rows = (await referenceRows(services, 'bankCountryCurrencies')).filter((d) => String(d.countryCode).toLowerCase() === countryCode);
    if (rows.length === 0) throw new AppError('NOT_FOUND', `No banks and currencies for country ${countryCode.toUpperCase()}`);
    return rows.map(stripInternal('bankCountryCurrencies'));
  });
}

/** The bank-country-currency id is a storage detail, not part of its wire shape. */
function stripInternal(name: ReferenceListName): (row: Row) => Row {
  if (name !== 'bankCountryCurrencies') return (row) => row;
  return ({ id: _id, ...rest }) => rest;
}

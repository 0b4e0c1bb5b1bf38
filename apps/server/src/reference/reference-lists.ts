import { asc } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import * as t from '../db/schema.ts';

/**
 * One reference list: where its rows come from, how a row looks on the wire, its key, and the
 * filters its list call takes. Rows are read through the named cache `cacheName`.
 */
export interface ReferenceList<Dto extends object = Record<string, unknown>> {
  cacheName: string;
  load: (db: Db) => Promise<Dto[]>;
  key: (dto: Dto) => string;
  /** Other identifiers a by-key call accepts (an account category by its number or its code). */
  altKey?: (dto: Dto) => string;
  /** Fields the free-text `query` looks in. */
  searchFields: Array<keyof Dto & string>;
  /** List filters (other than query/codes) by query field: each builds the predicate a row must pass. */
  filters?: Record<string, (value: string, lists: ReferenceRows) => Promise<(dto: Dto) => boolean>>;
}

/** Access to other cached lists, for filters that cross lists (banks by currency). */
type ReferenceRows = (name: string) => Promise<Array<Record<string, unknown>>>;

type CodeNameRow = { code: string; name: string; description: string | null; enabled: boolean; sortOrder: number };

function codeNameList(cacheName: string, table: PgTable & { sortOrder: unknown; code: unknown }): ReferenceList {
  return {
    cacheName,
    load: async (db) => {
      const rows = (await db
        .select()
        .from(table)
        .orderBy(asc((table as typeof t.channels).sortOrder), asc((table as typeof t.channels).code))) as CodeNameRow[];
      return rows.map((r) => ({ code: r.code, name: r.name, description: r.description, enabled: r.enabled }));
    },
    key: (d) => String(d.code),
    searchFields: ['code', 'name'],
  };
}

/** Master lists keyed by id on the wire (channels, delivery modes, purposes, sources): id is the code. */
function idNameList(cacheName: string, table: PgTable & { sortOrder: unknown; code: unknown }): ReferenceList {
  const base = codeNameList(cacheName, table);
  return {
    ...base,
    load: async (db) => (await base.load(db)).map((d) => ({ id: d.code, ...d })),
    key: (d) => String(d.id),
    searchFields: ['id', 'code', 'name'],
  };
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export const referenceLists = {
  currencies: {
    cacheName: 'currencies',
    load: async (db) => db.select().from(t.currencies).orderBy(asc(t.currencies.code)),
    key: (d) => String(d.code),
    searchFields: ['code', 'name'],
    filters: { countryCode: async (v) => (d) => same(d.countryCode, v) },
  },
  countries: {
    cacheName: 'countries',
    load: async (db) => db.select().from(t.countries).orderBy(asc(t.countries.name)),
    key: (d) => String(d.code),
    searchFields: ['code', 'name', 'iso3'],
  },
  banks: {
    cacheName: 'banks',
    load: async (db) => {
      const rows = await db.select().from(t.banks).orderBy(asc(t.banks.name));
      return rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() }));
    },
    key: (d) => String(d.code),
    searchFields: ['code', 'name', 'bic'],
    filters: {
      countryCode: async (v) => (d) => same(d.countryCode, v),
      // A bank "has" a currency when bank-country-currencies lists it for that currency.
      currencyCode: async (v, lists) => {
        const codes = new Set((await lists('bankCountryCurrencies')).filter((r) => same(r.currencyCode, v)).map((r) => r.bankCode));
        return (d) => codes.has(d.code);
      },
    },
  },
  bankBranches: {
    cacheName: 'bankBranches',
    load: async (db) => db.select().from(t.bankBranches).orderBy(asc(t.bankBranches.code)),
    key: (d) => String(d.code),
    searchFields: ['code', 'name', 'city'],
    filters: { bankCode: async (v) => (d) => same(d.bankCode, v), countryCode: async (v) => (d) => same(d.countryCode, v) },
  },
  bankCountryCurrencies: {
    cacheName: 'bankCountryCurrencies',
    load: async (db) => {
      const rows = await db.select().from(t.bankCountryCurrencies).orderBy(asc(t.bankCountryCurrencies.countryCode), asc(t.bankCountryCurrencies.bankCode));
      return rows.map((r) => ({ countryCode: r.countryCode, bankCode: r.bankCode, currencyCode: r.currencyCode, id: r.id }));
    },
    key: (d) => String(d.id),
    searchFields: ['countryCode', 'bankCode', 'currencyCode'],
    filters: { bankCode: async (v) => (d) => same(d.bankCode, v), currencyCode: async (v) => (d) => same(d.currencyCode, v) },
  },
  accountTypes: codeNameList('accountTypes', t.accountTypes),
  accountCategories: {
    cacheName: 'accountCategories',
    load: async (db) => db.select().from(t.accountCategories).orderBy(asc(t.accountCategories.id)),
    key: (d) => String(d.id),
    altKey: (d) => String(d.code),
    searchFields: ['id', 'code', 'name'],
  },
  transactionCategories: codeNameList('transactionCategories', t.transactionCategories),
  businessTypes: codeNameList('businessTypes', t.businessTypes),
  partnerTypes: codeNameList('partnerTypes', t.partnerTypes),
  channels: idNameList('channels', t.channels),
  deliveryModes: idNameList('deliveryModes', t.deliveryModes),
  correspondents: {
    cacheName: 'correspondents',
    load: async (db) => db.select().from(t.correspondents).orderBy(asc(t.correspondents.name)),
    key: (d) => String(d.correspondentId),
    searchFields: ['correspondentId', 'name'],
    filters: {
      countryCode: async (v) => (d) => same(d.countryCode, v),
      currencyCode: async (v) => (d) => Array.isArray(d.currencyCodes) && d.currencyCodes.some((c) => same(c, v)),
    },
  },
  tradingCurrencies: {
    cacheName: 'tradingCurrencies',
    load: async (db) => db.select().from(t.tradingCurrencies).orderBy(asc(t.tradingCurrencies.code)),
    key: (d) => String(d.code),
    searchFields: ['code', 'name'],
  },
  mtos: {
    cacheName: 'mtos',
    load: async (db) => db.select().from(t.mtos).orderBy(asc(t.mtos.name)),
    key: (d) => String(d.id),
    searchFields: ['id', 'name'],
    filters: { countryCode: async (v) => (d) => same(d.countryCode, v) },
  },
  transactionPurposes: idNameList('transactionPurposes', t.transactionPurposes),
  fundSources: idNameList('fundSources', t.fundSources),
  incomeSources: idNameList('incomeSources', t.incomeSources),
  rateProviders: {
    cacheName: 'rateProviders',
    load: async (db) => db.select().from(t.rateProviders).orderBy(asc(t.rateProviders.id)),
    key: (d) => String(d.id),
    searchFields: ['id', 'name'],
  },
  transactionCategoryMaster: codeNameList('transactionCategoryMaster', t.transactionCategoryMaster),
  productTypes: codeNameList('productTypes', t.productTypes),
  dealTypes: codeNameList('dealTypes', t.dealTypes),
  consumerTypes: codeNameList('consumerTypes', t.consumerTypes),
  collectionModes: codeNameList('collectionModes', t.collectionModes),
  transferModes: codeNameList('transferModes', t.transferModes),
} satisfies Record<string, ReferenceList>;

export type ReferenceListName = keyof typeof referenceLists;

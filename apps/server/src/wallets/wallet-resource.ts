import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { spWalletFilter } from '@corridor/api';
import { correspondents, walletPositions, wallets } from '../db/schema.ts';
import type { ResourceSpec } from '../http/resource-engine.ts';
import { dayEndOf } from '../lib/day-range.ts';

type SpWalletFilter = z.output<typeof spWalletFilter>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `from,to` on the wallet balance; either end may be empty. */
export function balanceInRange(range: string): SQL | undefined {
  const [from = '', to = ''] = range.split(',');
  const bounds: SQL[] = [];
  if (from !== '') bounds.push(gte(walletPositions.balance, from));
  if (to !== '') bounds.push(lte(walletPositions.balance, to));
  if (bounds.length === 0) return undefined;
  return inArray(wallets.id, sql`(select ${walletPositions.walletId} from ${walletPositions} where ${and(...bounds)})`);
}

/**
 * Wallet filters of part A and B (merchant filter plus the TSP side fields) over the wallets table.
 * The merchant filter is a subset of the TSP one, so one spec serves both.
 */
export const walletResource: ResourceSpec<typeof wallets, SpWalletFilter> = {
  table: wallets,
  filters: {
    query: (q) => {
      const like = `%${escapeLike(q)}%`;
      return or(ilike(wallets.alias, like), ilike(wallets.walletAccountNumber, like), ilike(wallets.id, like));
    },
    merchantServiceId: (id) => eq(wallets.merchantServiceId, id),
    serviceProviderId: (id) => eq(wallets.serviceProviderId, id),
    bankAccountId: (id) => eq(wallets.bankAccountId, id),
    currencyCodes: (codes) => inArray(wallets.currencyCode, codes),
    countryCodes: (codes) => inArray(wallets.countryCode, codes),
    bankCodes: (codes) => inArray(wallets.bankCode, codes),
    statuses: (s) => inArray(wallets.status, s as Array<'ACTIVE' | 'INACTIVE'>),
    status: (s) => eq(wallets.status, s as 'ACTIVE' | 'INACTIVE'),
    types: (t) => inArray(wallets.type, t as Array<'SETTLEMENT' | 'PAYMENT'>),
    inRange: balanceInRange,
    tspWalletIds: (ids) => inArray(wallets.spWalletId, ids),
    correspondentCodes: (codes) =>
      inArray(wallets.bankCode, sql`(select ${correspondents.bankCode} from ${correspondents} where ${inArray(correspondents.correspondentId, codes)})`),
    isDippingAllowed: (flag) => eq(wallets.isDippingAllowed, flag),
    walletAccountNumber: (n) => eq(wallets.walletAccountNumber, n),
    accountCategoryIds: (ids) => inArray(wallets.accountCategoryId, ids),
    coveringModel: (m) => eq(wallets.coveringModel, m),
    pricingModel: (m) => eq(wallets.pricingModel, m),
    createdFromDate: (d) => gte(wallets.createdAt, new Date(d)),
    createdToDate: (d) => lte(wallets.createdAt, dayEndOf(d)),
    linkedWalletTspId: (id) => eq(wallets.linkedWalletTspId, id),
  },
  sortKeys: {
    alias: wallets.alias,
    currency: wallets.currencyCode,
    currencyCode: wallets.currencyCode,
    'currency.code': wallets.currencyCode,
    'country.code': wallets.countryCode,
    'bank.code': wallets.bankCode,
    country: wallets.countryCode,
    countryCode: wallets.countryCode,
    type: wallets.type,
    status: wallets.status,
    walletAccountNumber: wallets.walletAccountNumber,
    accountCategoryId: wallets.accountCategoryId,
    createdAt: wallets.createdAt,
    updatedAt: wallets.updatedAt,
  },
  defaultSort: [asc(wallets.alias), asc(wallets.id)],
};

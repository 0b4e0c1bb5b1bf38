import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page, Wallet, positionFilter, positionSummaryFilter, spWalletFilter } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { banks, countries, currencies, wallets } from '../db/schema.ts';
import { resourceOrder, resourceWhere } from '../http/resource-engine.ts';
import { pageOfRows, type PageRequest } from '../http/paging.ts';
import { currentRatesToLocal, rateIn } from '../rates/valuation-service.ts';
import { positionsFor } from './wallet-dto.ts';
import type { WalletRow } from './wallet-types.ts';
import { walletAnswerPage } from './wallet-read.ts';
import { balanceInRange, walletResource } from './wallet-resource.ts';

export type WalletQuery = Partial<z.output<typeof spWalletFilter>> & PageRequest;

/** A page of wallet answers in a scope; positions included when the filter asks (inclPosition). */
export async function walletPage(db: Db, scope: SQL | undefined, query: WalletQuery): Promise<Page<Wallet>> {
  const request = query as z.output<typeof spWalletFilter>;
  return walletAnswerPage(db, resourceWhere(walletResource, request, scope), resourceOrder(walletResource, request), request, query.inclPosition === true);
}

async function scopedCodes(db: Db, scope: SQL | undefined, column: 'currencyCode' | 'countryCode' | 'bankCode'): Promise<string[]> {
  const rows = await db.selectDistinct({ code: wallets[column] }).from(wallets).where(scope);
  return rows.flatMap((r) => (r.code ? [r.code] : []));
}

/** Reference rows (currencies, countries, banks) of the wallets in scope, paged in memory. */
export async function walletCurrencies(db: Db, scope: SQL | undefined, q: PageRequest) {
  const codes = await scopedCodes(db, scope, 'currencyCode');
  const rows = codes.length > 0 ? await db.select().from(currencies).where(inArray(currencies.code, codes)) : [];
  return pageOfRows(rows, q, ['code', 'name', 'dp']);
}
export async function walletCountries(db: Db, scope: SQL | undefined, q: PageRequest) {
  const codes = await scopedCodes(db, scope, 'countryCode');
  const rows = codes.length > 0 ? await db.select().from(countries).where(inArray(countries.code, codes)) : [];
  return pageOfRows(rows, q, ['code', 'name']);
}
export async function walletBanks(db: Db, scope: SQL | undefined, q: PageRequest) {
  const codes = await scopedCodes(db, scope, 'bankCode');
  const rows = codes.length > 0 ? await db.select().from(banks).where(inArray(banks.code, codes)) : [];
  return pageOfRows(
    rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    q,
    ['code', 'name', 'countryCode'],
  );
}

type PositionQuery = Partial<z.output<typeof positionFilter> & z.output<typeof positionSummaryFilter>>;

export interface PositionSummaryRow {
  group: string;
  currency: string;
  walletCount: number;
  balance: string;
  reserve: string;
  openPosition: string;
  pendingAuthorization: string;
  creditLimit: string;
  balanceUSDEQ: string | null;
}

/** Positions of the wallets in scope grouped by currency (default), country or wallet. */
export async function positionSummary(db: Db, scope: SQL | undefined, q: PositionQuery): Promise<PositionSummaryRow[]> {
  const preds: SQL[] = scope ? [scope] : [];
  if (q.walletIds) preds.push(inArray(wallets.id, q.walletIds));
  if (q.spWalletIds) preds.push(inArray(wallets.spWalletId, q.spWalletIds));
  if (q.currencies) preds.push(inArray(wallets.currencyCode, q.currencies));
  if (q.countries) preds.push(inArray(wallets.countryCode, q.countries));
  if (q.walletCategory) preds.push(eq(wallets.accountCategoryId, q.walletCategory));
  if (q.inRange) {
    const range = balanceInRange(q.inRange);
    if (range) preds.push(range);
  }
  const rows: WalletRow[] = await db
    .select()
    .from(wallets)
    .where(preds.length > 0 ? and(...preds) : undefined);
  const positions = await positionsFor(
    db,
    rows.map((r) => r.id),
  );
  const groupBy = (q.groupBy ?? 'currency').toLowerCase();
  interface Acc {
    group: string;
    currency: string;
    n: number;
    sums: Record<'balance' | 'reserve' | 'openPosition' | 'pendingAuthorization' | 'creditLimit', DecimalValue>;
  }
  const groups = new Map<string, Acc>();
  for (const w of rows) {
    const p = positions.get(w.id);
    if (q.updatedFromDate && (!p?.updatedAt || p.updatedAt < new Date(q.updatedFromDate))) continue;
    if (q.updatedToDate && p?.updatedAt && p.updatedAt > new Date(`${q.updatedToDate.slice(0, 10)}T23:59:59.999Z`)) continue;
    const group = groupBy === 'country' ? w.countryCode : groupBy === 'wallet' || groupBy === 'walletid' ? w.id : w.currencyCode;
    const key = `${group}|${w.currencyCode}`;
    const acc = groups.get(key) ?? {
      group,
      currency: w.currencyCode,
      n: 0,
      sums: { balance: new Dec(0), reserve: new Dec(0), openPosition: new Dec(0), pendingAuthorization: new Dec(0), creditLimit: new Dec(0) },
    };
    acc.n += 1;
    for (const k of Object.keys(acc.sums) as Array<keyof Acc['sums']>) acc.sums[k] = acc.sums[k].plus(p?.[k] ?? '0');
    groups.set(key, acc);
  }
  const rates = await currentRatesToLocal(
    db,
    [...groups.values()].map((g) => g.currency),
  );
  return [...groups.values()]
    .sort((a, b) => a.group.localeCompare(b.group) || a.currency.localeCompare(b.currency))
    .map((g) => ({
      group: g.group,
      currency: g.currency,
      walletCount: g.n,
      balance: g.sums.balance.toFixed(),
      reserve: g.sums.reserve.toFixed(),
      openPosition: g.sums.openPosition.toFixed(),
      pendingAuthorization: g.sums.pendingAuthorization.toFixed(),
      creditLimit: g.sums.creditLimit.toFixed(),
      balanceUSDEQ: g.sums.balance.times(rateIn(rates, g.currency)).toDecimalPlaces(2).toFixed(),
    }));
}

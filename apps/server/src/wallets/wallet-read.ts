import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page, Wallet, WalletPosition } from '@corridor/api';
import type { Db, Queryable } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { runPrepared } from '../db/prepared.ts';
import { banks, countries, currencies, organisations, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { pageAnswer, type PageRequest } from '../http/paging.ts';
import { positionOf, walletAnswer, type WalletRates } from './wallet-dto.ts';
import { currentRateSql } from '../rates/valuation-service.ts';
import { Dec, type DecimalValue } from '@corridor/domain';
import { walletResource } from './wallet-resource.ts';
import type { WalletRow } from './wallet-types.ts';
import { scopes } from '../tenant/wallet-scope.ts';
import { resourceOrder, resourceWhere } from '../http/resource-engine.ts';
import type { spWalletFilter } from '@corridor/api';
import type { z } from 'zod';

type WalletFilter = z.output<typeof spWalletFilter>;
type WalletQuery = Partial<WalletFilter> & PageRequest;

const serviceProvider = alias(organisations, 'wallet_sp');
const merchant = alias(organisations, 'wallet_merchant');

/**
 * Wallet rows with everything their answer shows, in one statement: the names (currency country,
 * country, bank, TSP, merchant) and the position are joined in, and the number of matching rows
 * comes with each row (a window count), so a page is one round trip instead of seven. The served rate
 * the position is valued at (a row of `served_rates` by key, per wallet row) is read only for an answer
 * that shows the position: a plain list has no use for it.
 */
function walletRows(db: Queryable, where: SQL | undefined, withRates: boolean) {
  return db
    .select({
      wallet: wallets,
      currencyCountry: currencies.countryCode,
      countryName: countries.name,
      bankName: banks.name,
      serviceProviderName: serviceProvider.name,
      merchantName: merchant.name,
      position: walletPositions,
      costRate: withRates ? currentRateSql(sql`${wallets.currencyCode}`) : sql<string | null>`null`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(wallets)
    .leftJoin(currencies, eq(currencies.code, wallets.currencyCode))
    .leftJoin(countries, eq(countries.code, wallets.countryCode))
    .leftJoin(banks, eq(banks.code, wallets.bankCode))
    .leftJoin(serviceProvider, eq(serviceProvider.id, wallets.serviceProviderId))
    .leftJoin(merchant, eq(merchant.id, wallets.merchantServiceId))
    .leftJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
    .where(where);
}

type JoinedRow = Awaited<ReturnType<typeof walletRows>>[number];

const answerOf = (row: JoinedRow, withPosition: boolean, rates: WalletRates): Wallet => walletAnswer(row.wallet, row, row.position, withPosition, rates);

/** The served rates a page of answers values its positions at, read in the page's own statement (none asked for without positions). */
function ratesFor(rows: JoinedRow[], withPosition: boolean): WalletRates {
  const rates = new Map<string, DecimalValue>();
  if (!withPosition) return rates;
  for (const row of rows) if (row.costRate !== null) rates.set(row.wallet.currencyCode, new Dec(row.costRate));
  return rates;
}

/** One page of wallet answers for a WHERE and an ORDER BY (already built from the request). */
export async function walletAnswerPage(db: Db, where: SQL | undefined, orders: SQL[], request: PageRequest, withPosition: boolean): Promise<Page<Wallet>> {
  const rows = await runPrepared(
    walletRows(db, where, withPosition)
      .orderBy(...orders)
      .limit(request.size)
      .offset(request.page * request.size),
  );
  // Past the last page no row carries the count: only then is it asked for on its own.
  const total = rows[0]?.total ?? (request.page > 0 ? ((await runPrepared(db.select({ n: count() }).from(wallets).where(where)))[0]?.n ?? 0) : 0);
  const rates = ratesFor(rows, withPosition);
  return pageAnswer(
    rows.map((row) => answerOf(row, withPosition, rates)),
    request,
    total,
  );
}

/**
 * A merchant's hot reads as statements built once (`statement`), with placeholders: no SQL is built per
 * request, rows are mapped by a decoder list made once, and PostgreSQL plans each once per connection.
 */
const merchantKey = sql.placeholder('merchantId');
const merchantFirstPage = (withRates: boolean) =>
  statement((q) =>
    walletRows(q, eq(wallets.merchantServiceId, merchantKey), withRates)
      .orderBy(...walletResource.defaultSort)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const merchantStatements = {
  firstPages: merchantFirstPage(false),
  firstPagesWithPositions: merchantFirstPage(true),
  one: statement((q) => walletRows(q, and(eq(wallets.id, sql.placeholder('id')), eq(wallets.merchantServiceId, merchantKey)), true)),
  /** A position shows no names: the wallet's own columns it values, its position and the served rate, with no join but the position. */
  position: statement((q) =>
    q
      .select({
        wallet: { id: wallets.id, currencyCode: wallets.currencyCode, createdAt: wallets.createdAt, updatedAt: wallets.updatedAt },
        position: walletPositions,
        costRate: currentRateSql(sql`${wallets.currencyCode}`),
      })
      .from(wallets)
      .leftJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
      .where(and(eq(wallets.id, sql.placeholder('id')), eq(wallets.merchantServiceId, merchantKey))),
  ),
};

/** The served rate a position statement read beside the wallet, as the rates `positionOf` values at (none: refused there). */
const servedRateOf = (currency: string, costRate: string | null): WalletRates =>
  new Map<string, DecimalValue>(costRate === null ? [] : [[currency, new Dec(costRate)]]);

/**
 * The position of a wallet already read in its caller's scope, and the served rate it is valued at: one statement
 * built once (the position row and the rate were two round trips, one after the other).
 */
const positionById = statement((q) =>
  q
    .select({ position: walletPositions, costRate: currentRateSql(sql`${wallets.currencyCode}`) })
    .from(wallets)
    .leftJoin(walletPositions, eq(walletPositions.walletId, wallets.id))
    .where(eq(wallets.id, sql.placeholder('id'))),
);

/** A wallet's position answer, the wallet read in scope by the caller: one statement. */
export async function walletPosition(db: Db, wallet: Pick<WalletRow, 'id' | 'currencyCode' | 'createdAt' | 'updatedAt'>): Promise<WalletPosition> {
  const [row] = await positionById(db, { id: wallet.id });
  return positionOf(wallet, row?.position ?? undefined, servedRateOf(wallet.currencyCode, row?.costRate ?? null));
}

/** A merchant's wallet page: the plain listing (no filter, default order) runs the prepared statement. */
export async function merchantWalletPage(db: Db, merchantId: string, query: WalletQuery): Promise<Page<Wallet>> {
  const request = query as WalletFilter;
  const filtered = (query.sort?.length ?? 0) > 0 || resourceWhere(walletResource, request, undefined) !== undefined;
  const withPosition = query.inclPosition === true;
  if (filtered) {
    return walletAnswerPage(
      db,
      resourceWhere(walletResource, request, scopes.merchant(merchantId)),
      resourceOrder(walletResource, request),
      query,
      withPosition,
    );
  }
  const page = withPosition ? merchantStatements.firstPagesWithPositions : merchantStatements.firstPages;
  const rows = await page(db, { merchantId, limit: query.size, offset: query.page * query.size });
  if (rows.length === 0 && query.page > 0) return walletAnswerPage(db, scopes.merchant(merchantId), walletResource.defaultSort, query, withPosition);
  const rates = ratesFor(rows, withPosition);
  return pageAnswer(
    rows.map((row) => answerOf(row, withPosition, rates)),
    query,
    rows[0]?.total ?? 0,
  );
}

/** One of a merchant's wallets, from the prepared statement; outside the merchant it does not exist (404, not 403). */
async function merchantWallet(db: Db, merchantId: string, id: string): Promise<JoinedRow> {
  const [row] = await merchantStatements.one(db, { merchantId, id });
  if (!row) throw new AppError('NOT_FOUND', `No wallet ${id}`);
  return row;
}

/** One merchant wallet's answer with its position: one statement. */
export async function merchantWalletAnswer(db: Db, merchantId: string, id: string): Promise<Wallet> {
  const row = await merchantWallet(db, merchantId, id);
  return answerOf(row, true, ratesFor([row], true));
}

/** One merchant wallet's position: one statement, without the names a wallet's answer joins in. */
export async function merchantPosition(db: Db, merchantId: string, id: string): Promise<WalletPosition> {
  const [row] = await merchantStatements.position(db, { merchantId, id });
  if (!row) throw new AppError('NOT_FOUND', `No wallet ${id}`);
  return positionOf(row.wallet, row.position ?? undefined, servedRateOf(row.wallet.currencyCode, row.costRate));
}

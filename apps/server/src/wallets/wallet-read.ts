import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page, Wallet, WalletPosition } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { runPrepared } from '../db/prepared.ts';
import { banks, countries, currencies, organisations, walletPositions, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { pageAnswer, type PageRequest } from '../http/paging.ts';
import { positionOf, walletAnswer } from './wallet-dto.ts';

const serviceProvider = alias(organisations, 'wallet_sp');
const merchant = alias(organisations, 'wallet_merchant');

/**
 * Wallet rows with everything their answer shows, in one statement: the names (currency country,
 * country, bank, TSP, merchant) and the position are joined in, and the number of matching rows
 * comes with each row (a window count), so a page is one round trip instead of seven.
 */
function walletRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      wallet: wallets,
      currencyCountry: currencies.countryCode,
      countryName: countries.name,
      bankName: banks.name,
      serviceProviderName: serviceProvider.name,
      merchantName: merchant.name,
      position: walletPositions,
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

const answerOf = (row: JoinedRow, withPosition: boolean): Wallet => walletAnswer(row.wallet, row, row.position, withPosition);

/** One page of wallet answers for a WHERE and an ORDER BY (already built from the request). */
export async function walletAnswerPage(db: Db, where: SQL | undefined, orders: SQL[], request: PageRequest, withPosition: boolean): Promise<Page<Wallet>> {
  const rows = await runPrepared(
    walletRows(db, where)
      .orderBy(...orders)
      .limit(request.size)
      .offset(request.page * request.size),
  );
  // Past the last page no row carries the count: only then is it asked for on its own.
  const total = rows[0]?.total ?? (request.page > 0 ? ((await runPrepared(db.select({ n: count() }).from(wallets).where(where)))[0]?.n ?? 0) : 0);
  return pageAnswer(rows.map((row) => answerOf(row, withPosition)), request, total);
}

async function oneWallet(db: Db, id: string, scope: SQL | undefined): Promise<JoinedRow> {
  const [row] = await runPrepared(walletRows(db, scope ? and(eq(wallets.id, id), scope) : eq(wallets.id, id)));
  // Outside the scope the wallet does not exist for this caller (404, not 403).
  if (!row) throw new AppError('NOT_FOUND', `No wallet ${id}`);
  return row;
}

/** One wallet's answer (with its position) inside a scope, in one statement. */
export async function walletAnswerIn(db: Db, id: string, scope: SQL | undefined): Promise<Wallet> {
  return answerOf(await oneWallet(db, id, scope), true);
}

/** One wallet's position inside a scope, in one statement. */
export async function positionIn(db: Db, id: string, scope: SQL | undefined): Promise<WalletPosition> {
  const row = await oneWallet(db, id, scope);
  return positionOf(row.wallet, row.position ?? undefined);
}

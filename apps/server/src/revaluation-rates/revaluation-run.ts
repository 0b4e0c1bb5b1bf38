import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, sum, countDistinct, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { Dec } from '@corridor/domain';
import type { revaluationRun } from '@corridor/api';
import type { Db, Tx } from '../db/database.ts';
import { countries, currencies, organisations, voucherLines, wallets } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { listResource, resourceWhere, type ResourceSpec } from '../http/resource-engine.ts';
import type { PageRequest } from '../http/paging.ts';
import { post } from '../ledger/ledger-service.ts';
import { globalValue } from '../pricing-config/settings-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { tspAccount } from '../ledger/tsp-account-service.ts';
import { revaluationRates, revaluationRunCurrencies, revaluationRuns, walletRevaluations } from './revaluation-schema.ts';

type RunBody = z.output<typeof revaluationRun>;
type RunRow = typeof revaluationRuns.$inferSelect;
type WalletRevaluationRow = typeof walletRevaluations.$inferSelect;

/** Where a TSP names the currency its foreign-currency wallets are revalued into (global config). */
const BASE_CURRENCY = { category: 'REVALUATION', key: 'baseCurrency' } as const;

/**
 * The TSP's base currency: its global config REVALUATION/baseCurrency, else the currency of its
 * country of registration. Every revaluation rate of a run is quoted wallet currency -> base.
 */
async function baseCurrencyOf(db: Db, tspId: string): Promise<string> {
  const configured = await globalValue(db, tspId, BASE_CURRENCY);
  if (configured !== undefined) return configured.toUpperCase();
  const [home] = await db
    .select({ currency: countries.currencyCode })
    .from(organisations)
    .innerJoin(countries, eq(countries.code, organisations.countryCode))
    .where(eq(organisations.id, tspId));
  if (!home?.currency) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'serviceProviderId', message: 'the TSP has no base currency' }]);
  return home.currency;
}

function resultOf(run: RunRow) {
  return {
    runId: run.id,
    revaluationDate: run.revaluationDate,
    walletsRevalued: run.walletsRevalued,
    totalGainLoss: new Dec(run.totalGainLoss).toFixed(),
    currency: run.baseCurrency,
    vouchers: run.vouchers,
  };
}

/** The wallet's balance at the end of the day: the running balance of its last balance line of that day or before. */
async function balanceAtEndOf(db: Db, walletId: string, day: string): Promise<string> {
  const endOfDay = new Date(`${day}T00:00:00.000Z`);
  endOfDay.setUTCDate(endOfDay.getUTCDate() + 1);
  const [line] = await db
    .select({ balance: voucherLines.balanceAfter })
    .from(voucherLines)
    .where(and(eq(voucherLines.walletId, walletId), eq(voucherLines.bucket, 'balance'), lt(voucherLines.postedAt, endOfDay)))
    .orderBy(desc(voucherLines.postedAt), desc(voucherLines.id))
    .limit(1);
  return new Dec(line?.balance ?? '0').toFixed();
}

/**
 * The rate the wallet was carried at before this date: its last revaluation's rate, else the pair's
 * latest revaluation rate before the date, else this date's rate (a first revaluation sets the baseline).
 */
async function previousRateOf(db: Db, walletId: string, rate: typeof revaluationRates.$inferSelect): Promise<string> {
  const [last] = await db
    .select({ rate: walletRevaluations.rate })
    .from(walletRevaluations)
    .where(and(eq(walletRevaluations.walletId, walletId), lt(walletRevaluations.revaluationDate, rate.revaluationDate)))
    .orderBy(desc(walletRevaluations.revaluationDate))
    .limit(1);
  if (last) return last.rate;
  const [earlier] = await db
    .select({ rate: revaluationRates.rate })
    .from(revaluationRates)
    .where(and(eq(revaluationRates.revaluationConfigId, rate.revaluationConfigId), lt(revaluationRates.revaluationDate, rate.revaluationDate)))
    .orderBy(desc(revaluationRates.revaluationDate))
    .limit(1);
  return earlier?.rate ?? rate.rate;
}

const ownWallets = (tspId: string) => and(eq(wallets.serviceProviderId, tspId), isNull(wallets.merchantServiceId)) as SQL;

/**
 * The wallets a body names must be the TSP's own: another's (or a merchant's) is a 404 naming walletIds. Checked
 * before anything else, so the answer never depends on whether a rate is set or the date was already run.
 */
async function checkNamedWallets(db: Db, tspId: string, body: RunBody): Promise<void> {
  const named = [...new Set(body.walletIds ?? [])];
  if (named.length === 0) return;
  const found = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(ownWallets(tspId), inArray(wallets.id, named)));
  const missing = named.find((id) => !found.some((w) => w.id === id));
  if (missing !== undefined) throw foreignId('walletIds', 'wallet', missing);
}

/** The wallets a run takes: the TSP's own (the body's were checked by checkNamedWallets), in a foreign currency, narrowed by the body. */
async function walletsToRevalue(tx: Tx, tspId: string, base: string, body: RunBody) {
  const own = ownWallets(tspId);
  const named = [...new Set(body.walletIds ?? [])];
  const chosen = (body.currencies ?? []).map((c) => c.toUpperCase());
  return tx
    .select({ id: wallets.id, currency: wallets.currencyCode })
    .from(wallets)
    .where(
      and(
        own,
        sql`${wallets.currencyCode} <> ${base}`,
        named.length > 0 ? inArray(wallets.id, named) : undefined,
        chosen.length > 0 ? inArray(wallets.currencyCode, chosen) : undefined,
      ),
    )
    .orderBy(asc(wallets.id));
}

/**
 * The revaluation rates of a TSP's date into its base currency, read under a share lock held until the
 * run commits: a rate a run is revaluing at cannot change under it (setRevaluationRate takes the row's
 * update lock first, so it waits for the run and then finds the rate used).
 */
async function lockedRates(tx: Tx, tspId: string, date: string, base: string) {
  return tx
    .select()
    .from(revaluationRates)
    .where(and(eq(revaluationRates.serviceProviderId, tspId), eq(revaluationRates.revaluationDate, date), eq(revaluationRates.targetCurrency, base)))
    .orderBy(asc(revaluationRates.id))
    .for('share');
}

/**
 * Revalues the TSP's foreign-currency wallets at the revaluation rates of a date (docs/decisions.md,
 * "Currency revaluation"). Once per TSP, date and currency: the run claims each currency it takes (in
 * order, so two runs never wait on each other crosswise); a currency already claimed is left to the run
 * that claimed it, and a run left with nothing to claim answers the first run of those currencies and
 * posts nothing (a racing twin waits on the claim and then finds it). The run, its claims, its wallet
 * records and its vouchers commit together, read and posted under one transaction.
 */
export async function runRevaluation(db: Db, tspId: string, body: RunBody, userId: string, now: Date) {
  if (body.revaluationDate > now.toISOString().slice(0, 10)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'revaluationDate', message: 'must not be in the future' }]);
  }
  await checkNamedWallets(db, tspId, body);
  const base = await baseCurrencyOf(db, tspId);
  const [baseRef] = await db.select({ dp: currencies.dp }).from(currencies).where(eq(currencies.code, base));
  const dp = baseRef?.dp ?? 2;
  return inTransaction(db, async (tx) => {
    const rates = await lockedRates(tx, tspId, body.revaluationDate, base);
    if (rates.length === 0) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'revaluationDate', message: `no revaluation rate into ${base} is set for this date` }]);
    }
    const rateOf = new Map(rates.map((r) => [r.sourceCurrency, r]));
    const targets = await walletsToRevalue(tx, tspId, base, body);
    const asked = [...new Set((body.currencies ?? []).map((c) => c.toUpperCase()))];
    for (const currency of asked) {
      if (currency !== base && !rateOf.has(currency)) {
        throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currencies', message: `no revaluation rate ${currency}/${base} for this date` }]);
      }
    }
    const unrated = targets.find((w) => !rateOf.has(w.currency));
    if (unrated && (body.walletIds ?? []).includes(unrated.id)) {
      throw new AppError('VALIDATION_FAILED', undefined, [
        { parameter: 'walletIds', message: `no revaluation rate ${unrated.currency}/${base} for this date` },
      ]);
    }
    // The currencies this run is for: those asked, else every one of the wallets' currencies the date rates.
    const wanted = (asked.length > 0 ? asked.filter((c) => c !== base) : [...new Set(targets.map((w) => w.currency))].filter((c) => rateOf.has(c))).sort();

    const runId = uuidv7();
    await tx.insert(revaluationRuns).values({
      id: runId,
      serviceProviderId: tspId,
      revaluationDate: body.revaluationDate,
      baseCurrency: base,
      walletsRevalued: 0,
      totalGainLoss: '0',
      createdBy: userId,
      createdAt: now,
    });
    const claimed = new Set<string>();
    for (const currency of wanted) {
      const [claim] = await tx
        .insert(revaluationRunCurrencies)
        .values({ serviceProviderId: tspId, revaluationDate: body.revaluationDate, currency, runId })
        .onConflictDoNothing()
        .returning();
      if (claim) claimed.add(currency);
    }
    if (claimed.size === 0 && wanted.length > 0) {
      await tx.delete(revaluationRuns).where(eq(revaluationRuns.id, runId));
      const [first] = await tx
        .select({ run: revaluationRuns })
        .from(revaluationRuns)
        .innerJoin(revaluationRunCurrencies, eq(revaluationRunCurrencies.runId, revaluationRuns.id))
        .where(
          and(
            eq(revaluationRunCurrencies.serviceProviderId, tspId),
            eq(revaluationRunCurrencies.revaluationDate, body.revaluationDate),
            inArray(revaluationRunCurrencies.currency, wanted),
          ),
        )
        .orderBy(asc(revaluationRuns.createdAt), asc(revaluationRuns.id))
        .limit(1);
      if (!first) throw new AppError('INTERNAL_ERROR');
      return resultOf(first.run);
    }

    let total = new Dec(0);
    let revalued = 0;
    const vouchers: string[] = [];
    for (const wallet of targets) {
      const rate = rateOf.get(wallet.currency);
      if (!rate || !claimed.has(wallet.currency)) continue;
      const balance = await balanceAtEndOf(tx, wallet.id, body.revaluationDate);
      const previousRate = await previousRateOf(tx, wallet.id, rate);
      const gainLoss = new Dec(balance).times(new Dec(rate.rate).minus(previousRate)).toDecimalPlaces(dp);
      let voucherId: string | null = null;
      if (!gainLoss.isZero()) {
        const adjustment = await tspAccount(tx, tspId, 'revaluationAdjustment', base);
        const result = await tspAccount(tx, tspId, 'revaluationGainLoss', base);
        const amount = gainLoss.abs().toFixed();
        const gain = gainLoss.gt(0);
        const description1 = `Revaluation ${wallet.currency}/${base} ${body.revaluationDate} at ${rate.rate}`;
        const posted = await post(
          tx,
          {
            category: 'REVALUATION',
            transactionType: gain ? 'REVALUATION_GAIN' : 'REVALUATION_LOSS',
            transactionId: runId,
            tspId,
            tspWalletId: wallet.id,
            createdBy: userId,
            lines: [
              {
                accountCode: adjustment.code,
                accountName: adjustment.name,
                currency: base,
                side: gain ? 'D' : 'C',
                amount,
                description1,
                description2: wallet.id,
              },
              { accountCode: result.code, accountName: result.name, currency: base, side: gain ? 'C' : 'D', amount, description1, description2: wallet.id },
            ],
          },
          now,
        );
        voucherId = posted.id;
        vouchers.push(posted.id);
      }
      await tx.insert(walletRevaluations).values({
        id: uuidv7(),
        runId,
        serviceProviderId: tspId,
        walletId: wallet.id,
        currency: wallet.currency,
        baseCurrency: base,
        revaluationDate: body.revaluationDate,
        rateId: rate.id,
        rate: rate.rate,
        previousRate,
        balance,
        gainLoss: gainLoss.toFixed(),
        voucherId,
        createdAt: now,
      });
      total = total.plus(gainLoss);
      revalued += 1;
    }
    const [run] = await tx
      .update(revaluationRuns)
      .set({ walletsRevalued: revalued, totalGainLoss: total.toFixed(), vouchers, currencies: [...claimed].sort() })
      .where(eq(revaluationRuns.id, runId))
      .returning();
    return resultOf(run as RunRow);
  });
}

interface WalletRevaluationQuery extends PageRequest {
  walletId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  currency?: string | undefined;
}

const w = walletRevaluations;
const walletRevaluationResource: ResourceSpec<typeof walletRevaluations, WalletRevaluationQuery> = {
  table: walletRevaluations,
  filters: {
    walletId: (v) => eq(w.walletId, v),
    fromDate: (v) => gte(w.revaluationDate, v.slice(0, 10)),
    toDate: (v) => lte(w.revaluationDate, v.slice(0, 10)),
    currency: (v) => eq(w.currency, v.toUpperCase()),
  },
  sortKeys: { revaluationDate: w.revaluationDate, currency: w.currency, gainLoss: w.gainLoss, walletId: w.walletId },
  // The latest run first.
  defaultSort: [desc(w.revaluationDate), asc(w.walletId), asc(w.id)],
};

function walletRevaluationDto(row: WalletRevaluationRow) {
  return {
    id: row.id,
    walletId: row.walletId,
    currency: row.currency,
    revaluationDate: row.revaluationDate,
    rate: row.rate,
    previousRate: row.previousRate,
    balance: row.balance,
    gainLoss: row.gainLoss,
  };
}

/** A wallet filter names one of the TSP's own wallets; another TSP's is a 404 naming it. */
async function checkWalletFilter(db: Db, tspId: string, query: WalletRevaluationQuery): Promise<void> {
  if (!query.walletId) return;
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.id, query.walletId), eq(wallets.serviceProviderId, tspId), isNull(wallets.merchantServiceId)));
  if (!row) throw foreignId('walletId', 'wallet', query.walletId);
}

function checkDateRange(query: WalletRevaluationQuery): void {
  if (query.fromDate && query.toDate && query.toDate.slice(0, 10) < query.fromDate.slice(0, 10)) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'toDate', message: 'must not be before fromDate' }]);
  }
}

export async function listWalletRevaluations(db: Db, tspId: string, query: WalletRevaluationQuery) {
  checkDateRange(query);
  await checkWalletFilter(db, tspId, query);
  const page = await listResource(db, walletRevaluationResource, query, eq(w.serviceProviderId, tspId));
  return { ...page, content: page.content.map(walletRevaluationDto) };
}

/** Gain or loss per wallet currency (in the base currency), under the list's filters. */
export async function walletRevaluationSummary(db: Db, tspId: string, query: WalletRevaluationQuery) {
  checkDateRange(query);
  await checkWalletFilter(db, tspId, query);
  const where = resourceWhere(walletRevaluationResource, query, eq(w.serviceProviderId, tspId));
  const rows = await db
    .select({ currency: w.currency, gainLoss: sum(w.gainLoss), walletCount: countDistinct(w.walletId) })
    .from(w)
    .where(where)
    .groupBy(w.currency)
    .orderBy(asc(w.currency));
  return rows.map((r) => ({ currency: r.currency, gainLoss: new Dec(r.gainLoss ?? '0').toFixed(), walletCount: Number(r.walletCount) }));
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, users, wallets } from '../db/schema.ts';
import { LOCAL_CURRENCY } from '../rates/valuation-service.ts';
import { currencyConfigs } from '../pricing-config/pricing-config-schema.ts';
import { rateHistory } from '../rates/rate-schema.ts';
import { revaluationConfigs, revaluationRates } from '../revaluation-rates/revaluation-schema.ts';
import { runRevaluation } from '../revaluation-rates/revaluation-run.ts';

/**
 * The demo market's closing rates today: 1 unit of each currency in USD. The seeded history ends on
 * them, so the ledger values the demo's postings, records and wallets at these rates.
 */
const CLOSE_TO_USD: Readonly<Record<string, string>> = {
  EUR: '1.08',
  GBP: '1.27',
  AED: '0.2723',
  INR: '0.012',
  JPY: '0.0067',
  PKR: '0.0036',
  SGD: '0.74',
  KWD: '3.25',
  CHF: '1.12',
  CAD: '0.73',
  HKD: '0.128',
  CNY: '0.138',
  SAR: '0.2667',
  EGP: '0.0206',
  PHP: '0.0175',
  BDT: '0.0083',
  KES: '0.0077',
  NGN: '0.00065',
  ZAR: '0.054',
  MYR: '0.21',
};
/** Days of history before today: a month of daily closes. */
const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;
/** The provider whose daily closes the demo's history is (its simulated feed ticks on top of them). */
const HISTORY_PROVIDER = 'REFINITIV';
/** Currencies tied to the dollar barely move. */
const PEGGED = new Set(['AED', 'SAR', 'HKD']);

/** The demo's closing rate of a currency in USD `daysAgo` days before today: today's close, drifting back in time. */
export function demoRateToUsd(currency: string, daysAgo = 0): DecimalValue {
  if (currency === LOCAL_CURRENCY) return new Dec(1);
  const close = CLOSE_TO_USD[currency];
  if (close === undefined) throw new Error(`The demo has no rate of ${currency}`);
  const phase = [...currency].reduce((n, c) => n + c.charCodeAt(0), 0) % 7;
  const amplitude = PEGGED.has(currency) ? 0.0004 : 0.012;
  // A smooth walk that is exactly today's close at day 0: the same every seeded database.
  const drift = amplitude * (Math.sin(daysAgo * 0.45 + phase) - Math.sin(phase));
  return new Dec(close).times(new Dec(1 + drift).toDecimalPlaces(6)).toSignificantDigits(6);
}

/** Midnight UTC `daysAgo` days before `now`, plus the market's close hour. */
const closeOf = (now: Date, daysAgo: number) => {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  return daysAgo === 0 ? now : new Date(`${day.toISOString().slice(0, 10)}T16:00:00.000Z`);
};

/**
 * The served market history the ledger values foreign amounts at: a daily close per demo currency
 * against USD over the last month, today's being `now`. Written once: a database with the history keeps it.
 */
export async function seedDemoRateHistory(db: Db, now = new Date()): Promise<void> {
  const [held] = await db
    .select({ id: rateHistory.id })
    .from(rateHistory)
    .where(and(eq(rateHistory.rateType, 'MARKET'), eq(rateHistory.rateProviderId, HISTORY_PROVIDER), eq(rateHistory.targetCurrency, LOCAL_CURRENCY)))
    .limit(1);
  if (held) return;
  const rows = Object.keys(CLOSE_TO_USD).flatMap((currency) =>
    Array.from({ length: HISTORY_DAYS + 1 }, (_, i) => {
      const daysAgo = HISTORY_DAYS - i;
      const asOf = closeOf(now, daysAgo);
      return {
        id: uuidv7(),
        rateType: 'MARKET' as const,
        rateProviderId: HISTORY_PROVIDER,
        sourceCurrency: currency,
        targetCurrency: LOCAL_CURRENCY,
        mid: demoRateToUsd(currency, daysAgo).toFixed(),
        origin: 'IMPORT' as const,
        asOf,
        receivedAt: asOf,
      };
    }),
  );
  await db.insert(rateHistory).values(rows);
}

/** The demo TSP's revalued pairs (wallet currency -> its base currency, AED for a TSP registered in the UAE). */
const REVALUED: Record<string, { base: string; currencies: string[] }> = { ATLAS: { base: 'AED', currencies: ['EUR', 'GBP'] } };
/** The past runs the demo shows: days ago. */
const PAST_RUNS = [12, 6];

/**
 * The demo's revaluation: a config per revalued pair, its daily rate over the last month (the cross of
 * the market closes) and two past runs, whose records and vouchers the portal lists. Runs once per TSP:
 * a TSP with a revaluation config is left alone.
 */
export async function seedDemoRevaluation(db: Db, now = new Date()): Promise<void> {
  for (const [code, plan] of Object.entries(REVALUED)) {
    const [tsp] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
    if (!tsp) continue;
    const [existing] = await db.select({ id: revaluationConfigs.id }).from(revaluationConfigs).where(eq(revaluationConfigs.serviceProviderId, tsp.id)).limit(1);
    if (existing) continue;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, tsp.id)).orderBy(asc(users.digit9Id)).limit(1);
    if (!user) continue;
    for (const currency of plan.currencies) {
      const [pair] = await db
        .select()
        .from(currencyConfigs)
        .where(and(eq(currencyConfigs.serviceProviderId, tsp.id), eq(currencyConfigs.sourceCurrency, currency), eq(currencyConfigs.targetCurrency, plan.base)));
      if (!pair) continue;
      const configId = uuidv7();
      await db.insert(revaluationConfigs).values({
        id: configId,
        serviceProviderId: tsp.id,
        currencyConfigId: pair.id,
        sourceCurrency: currency,
        targetCurrency: plan.base,
        autoRevaluation: false,
        createdBy: user.id,
        createdAt: now,
      });
      await db.insert(revaluationRates).values(
        Array.from({ length: HISTORY_DAYS + 1 }, (_, daysAgo) => ({
          id: uuidv7(),
          serviceProviderId: tsp.id,
          revaluationConfigId: configId,
          currencyConfigId: pair.id,
          sourceCurrency: currency,
          targetCurrency: plan.base,
          revaluationDate: new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10),
          rate: demoRateToUsd(currency, daysAgo).div(demoRateToUsd(plan.base, daysAgo)).toDecimalPlaces(6).toFixed(),
          createdBy: user.id,
          createdAt: now,
        })),
      );
    }
    const own = await db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.serviceProviderId, tsp.id), isNull(wallets.merchantServiceId)))
      .limit(1);
    if (own.length === 0) continue;
    for (const daysAgo of PAST_RUNS) {
      const revaluationDate = new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
      await runRevaluation(db, tsp.id, { revaluationDate, currencies: plan.currencies }, user.id, now);
    }
  }
}

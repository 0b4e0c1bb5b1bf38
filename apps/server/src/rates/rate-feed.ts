import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { pricedDealsOfProvider } from '../pricing-config/deal-rate-service.ts';
import { inTransaction } from '../db/transaction.ts';
import { tryJobLock } from '../db/job-lock.ts';
import { claimJobRun } from './job-runs.ts';
import { rateFollower, type FollowPricing } from './rate-follower.ts';
import type { RateBook } from './rate-book.ts';
import { trimRateHistory } from './rate-history-trim.ts';
import { DESK_PROVIDER, deskRateCurrent, ingestSnapshot, loadRateBook, recordManualIbr } from './rate-ingest.ts';
import { SimulatedFeed } from './simulated-feed.ts';

const DEFAULT_RATE_TICK_MS = 5_000;
/** How often the history is trimmed to its window (the first trim a minute after start). */
const TRIM_EVERY_MS = 3_600_000;
/** The providers the simulated market publishes under (the reference data names them "simulated feed"). */
const SIMULATED_PROVIDERS = ['REFINITIV', 'BLOOMBERG'] as const;

/**
 * `RATE_TICK_MS`: how often the simulated market ticks; 0 turns the feed off (rates then come only from imports and the
 * desk). Unset, it ticks on the demo start only: outside the demo, a random walk published as REFINITIV or BLOOMBERG
 * would price real payments, so there it runs only when asked for.
 */
export function rateTickMs(env: Record<string, string | undefined>, demo: boolean): number {
  const raw = env['RATE_TICK_MS'];
  if (raw === undefined || raw === '') return demo ? DEFAULT_RATE_TICK_MS : 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`RATE_TICK_MS must be a whole number of milliseconds, not "${raw}"`);
  return value === 0 ? 0 : Math.max(value, 250);
}

export interface RateFeedOptions {
  tickMs: number;
  now: () => Date;
  /** Seed of the walk; each provider walks from its own seed derived from it. */
  seed?: number;
  /** The demo's desk sets its rate sheet again on each new UTC day (`republishDeskSheet`); the demo start only. */
  deskSheet?: boolean;
  log?: { error: (obj: object, msg: string) => void };
  /** Keeps the book's deal IBRs in step with another process's writes (quotes/rate-cache.ts `followPricing`). */
  followPricing: FollowPricing;
}

/** One tick of every simulated provider: the market moves, the history and the deals' IBRs follow. @internal used by its tests */
export function simulatedMarket(db: Db, book: RateBook, options: Pick<RateFeedOptions, 'now' | 'seed' | 'deskSheet'>): { tick: (on?: Db) => Promise<void> } {
  const seed = options.seed ?? Date.now();
  const feeds = SIMULATED_PROVIDERS.map((providerId, i) => new SimulatedFeed({ providerId, seed: seed + i * 7919, now: options.now }));
  // When the desk last set its sheet: again once that is no longer a current desk rate's day.
  let sheetAt: Date | null = null;
  return {
    tick: async (on = db) => {
      for (const feed of feeds) await ingestSnapshot(on, book, feed.tick(), 'FEED', options.now());
      const now = options.now();
      if (options.deskSheet === true && (sheetAt === null || !deskRateCurrent(sheetAt, now))) {
        await republishDeskSheet(on, book, now);
        sheetAt = now;
      }
    },
  };
}

/**
 * The demo's dealing desk. A desk rate is good for the UTC day it is set, and quotes refuse it from the next
 * day on, so a demo left running past midnight stopped quoting its desk deals (CASH) until someone set their
 * rates. As a desk publishes its sheet each morning, the demo desk sets each desk deal's rate again, at the
 * same mid, once a day. Never outside the demo: there a person sets the desk's rates. @internal used by its tests
 */
export async function republishDeskSheet(db: Db, book: RateBook, now: Date): Promise<number> {
  const deals = await pricedDealsOfProvider(db, DESK_PROVIDER);
  let set = 0;
  for (const deal of deals) {
    const held = book.ibr(deal.id);
    if (deal.ibrRate === null || (held !== undefined && deskRateCurrent(held.asOf, now))) continue;
    await recordManualIbr(db, book, deal, deal.ibrRate, null, now);
    set += 1;
  }
  return set;
}

/** This process, as `job_runs` names the one that ran a job. */
const RUN_BY = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One due run of a scheduled job that every server process times: the process that takes the job's
 * advisory lock and finds no run in this interval runs it, inside that transaction (so no second run
 * overlaps a slow one); the others answer false at once. @internal used by its tests
 */
export async function runIfLeader(db: Db, job: string, everyMs: number, run: (tx: Db) => Promise<void>): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await tryJobLock(tx, job))) return false;
    if (!(await claimJobRun(tx, job, everyMs, RUN_BY))) return false;
    await run(tx as unknown as Db);
    return true;
  });
}

/**
 * Runs the simulated market for the server's lifetime: the book is filled from the history, the market
 * ticks at once (so a fresh server has rates) and then every `tickMs`, and stops when the server closes.
 * A tick still running when the next is due is not doubled; a failed tick is logged and the next retries.
 */
export async function startRateFeed(app: FastifyInstance, db: Db, book: RateBook, options: RateFeedOptions): Promise<void> {
  await loadRateBook(db, book);
  // Imports and the desk write history too, so the trim runs with or without the simulated feed.
  // Every process times the trim; one of them runs it per interval.
  const trim = () => {
    runIfLeader(db, 'rate-history-trim', TRIM_EVERY_MS, async (tx) => {
      await trimRateHistory(tx, options.now());
    }).catch((error: unknown) => options.log?.error({ err: error }, 'rate history trim failed; the next one retries'));
  };
  const firstTrim = setTimeout(trim, 60_000);
  const trims = setInterval(trim, TRIM_EVERY_MS);
  firstTrim.unref();
  trims.unref();
  app.addHook('onClose', async () => {
    clearTimeout(firstTrim);
    clearInterval(trims);
  });
  if (options.tickMs === 0) return;
  const market = simulatedMarket(db, book, options);
  const follower = rateFollower(db, book, options.followPricing);
  let running: Promise<void> | null = null;
  // Every process times the tick; one of them moves the market per interval and the others read what
  // it wrote, so each process's book prices from the same rates.
  const tick = () => {
    if (running) return;
    running = runIfLeader(db, 'rate-feed-tick', options.tickMs, (tx) => market.tick(tx))
      .then(async (led) => {
        if (!led) await follower.refresh();
      })
      .catch((error: unknown) => options.log?.error({ err: error }, 'rate feed tick failed; the next tick retries'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.tickMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

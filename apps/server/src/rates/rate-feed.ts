import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { RateBook } from './rate-book.ts';
import { trimRateHistory } from './rate-history-trim.ts';
import { ingestSnapshot, loadRateBook } from './rate-ingest.ts';
import { SimulatedFeed } from './simulated-feed.ts';

const DEFAULT_RATE_TICK_MS = 5_000;
/** How often the history is trimmed to its window (the first trim a minute after start). */
const TRIM_EVERY_MS = 3_600_000;
/** The providers the simulated market publishes under (the reference data names them "simulated feed"). */
const SIMULATED_PROVIDERS = ['REFINITIV', 'BLOOMBERG'] as const;

/** `RATE_TICK_MS`: how often the simulated market ticks; 0 turns the feed off (rates then come only from imports and the desk). */
export function rateTickMs(env: Record<string, string | undefined>): number {
  const raw = env['RATE_TICK_MS'];
  if (raw === undefined || raw === '') return DEFAULT_RATE_TICK_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`RATE_TICK_MS must be a whole number of milliseconds, not "${raw}"`);
  return value === 0 ? 0 : Math.max(value, 250);
}

export interface RateFeedOptions {
  tickMs: number;
  now: () => Date;
  /** Seed of the walk; each provider walks from its own seed derived from it. */
  seed?: number;
  log?: { error: (obj: object, msg: string) => void };
}

/** One tick of every simulated provider: the market moves, the history and the deals' IBRs follow. @internal used by its tests */
export function simulatedMarket(db: Db, book: RateBook, options: Pick<RateFeedOptions, 'now' | 'seed'>): { tick: () => Promise<void> } {
  const seed = options.seed ?? Date.now();
  const feeds = SIMULATED_PROVIDERS.map((providerId, i) => new SimulatedFeed({ providerId, seed: seed + i * 7919, now: options.now }));
  return {
    tick: async () => {
      for (const feed of feeds) await ingestSnapshot(db, book, feed.tick(), 'FEED', options.now());
    },
  };
}

/**
 * Runs the simulated market for the server's lifetime: the book is filled from the history, the market
 * ticks at once (so a fresh server has rates) and then every `tickMs`, and stops when the server closes.
 * A tick still running when the next is due is not doubled; a failed tick is logged and the next retries.
 */
export async function startRateFeed(app: FastifyInstance, db: Db, book: RateBook, options: RateFeedOptions): Promise<void> {
  await loadRateBook(db, book);
  // Imports and the desk write history too, so the trim runs with or without the simulated feed.
  const trim = () => {
    trimRateHistory(db, options.now()).catch((error: unknown) => options.log?.error({ err: error }, 'rate history trim failed; the next one retries'));
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
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = market
      .tick()
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

import { Dec } from '@corridor/domain';
import { seededRandom } from '../lib/seeded-random.ts';
import type { RateSnapshot, RateSource } from './rate-source.ts';

/** Realistic mids, units per one USD, the simulated market starts from. */
const SIMULATED_MIDS: Readonly<Record<string, string>> = {
  EUR: '0.92',
  GBP: '0.79',
  AED: '3.6725',
  PKR: '278',
  INR: '83',
  SAR: '3.75',
  JPY: '150',
  SGD: '1.35',
  KWD: '0.307',
  CHF: '0.89',
  CAD: '1.36',
  HKD: '7.82',
  CNY: '7.2',
  EGP: '48.5',
  PHP: '56.5',
  BDT: '110',
  KES: '129',
  NGN: '1550',
  ZAR: '18.6',
  MYR: '4.7',
};
/** Currencies pegged to the dollar move far less than floating ones (basis points per tick). */
const PEGGED = new Set(['AED', 'SAR', 'HKD']);
const FLOAT_STEP_BIPS = 3;
const PEG_STEP_BIPS = 0.05;
/** A walk never strays more than 10 % from its start: a demo market, not a crisis. */
const BAND = 0.1;

export interface SimulatedFeedOptions {
  providerId: string;
  seed: number;
  /** Market time of each tick (injected so tests are deterministic). */
  now: () => Date;
  mids?: Readonly<Record<string, string>>;
}

/**
 * A seeded random walk per currency against the dollar. Each fetch moves every currency by a small
 * step (a few basis points, less for pegged currencies) and publishes the result at `now()`; the same
 * seed and clock give the same rates every run. Walking each currency against one base (not each pair
 * apart) keeps cross rates consistent, as a real market's are.
 */
export class SimulatedFeed implements RateSource {
  readonly providerId: string;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly start: Map<string, number>;
  private readonly current: Map<string, number>;

  constructor(options: SimulatedFeedOptions) {
    this.providerId = options.providerId;
    this.random = seededRandom(options.seed);
    this.now = options.now;
    const mids = options.mids ?? SIMULATED_MIDS;
    this.start = new Map(Object.entries(mids).map(([code, mid]) => [code, Number(mid)]));
    this.current = new Map(this.start);
  }

  /** Moves the market one step and publishes it. */
  tick(): RateSnapshot {
    for (const [code, value] of this.current) {
      const stepBips = PEGGED.has(code) ? PEG_STEP_BIPS : FLOAT_STEP_BIPS;
      const step = (this.random() * 2 - 1) * stepBips * 1e-4;
      const start = this.start.get(code) ?? value;
      const next = Math.min(start * (1 + BAND), Math.max(start * (1 - BAND), value * (1 + step)));
      this.current.set(code, next);
    }
    // The walk runs on floats; what is published is a decimal rounded to 8 significant places,
    // and everything downstream (crosses, markups) is decimal arithmetic on that.
    const perBase = new Map([...this.current].map(([code, value]) => [code, new Dec(value.toPrecision(8)).toString()]));
    return { providerId: this.providerId, base: 'USD', asOf: this.now(), perBase };
  }

  async fetch(): Promise<RateSnapshot> {
    return this.tick();
  }
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { parseEcbDaily } from './ecb-rates.ts';
import { assertFresh, rateAge } from './rate-book.ts';
import { valueDateOf } from './rate-ingest.ts';
import { crossRate, midRates } from './rate-source.ts';
import { SimulatedFeed } from './simulated-feed.ts';

const fixture = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const at = new Date('2026-03-13T10:00:00.000Z');

describe('simulated market feed', () => {
  const run = (seed: number, ticks: number) => {
    const feed = new SimulatedFeed({ providerId: 'REFINITIV', seed, now: () => at });
    return Array.from({ length: ticks }, () => Object.fromEntries(feed.tick().perBase));
  };

  it('publishes the same walk for the same seed and clock', () => {
    expect(run(42, 5)).toEqual(run(42, 5));
    expect(run(42, 5)).not.toEqual(run(43, 5));
  });

  it('walks near the realistic mids: a few basis points per tick, pegs barely move', () => {
    const [first] = run(7, 1);
    const eur = Number(first?.['EUR']);
    expect(Math.abs(eur / 0.92 - 1)).toBeLessThan(0.0004);
    expect(Math.abs(Number(first?.['AED']) / 3.6725 - 1)).toBeLessThan(0.00001);
    const hundred = run(7, 100).at(-1);
    expect(Math.abs(Number(hundred?.['PKR']) / 278 - 1)).toBeLessThan(0.1);
  });

  it('stamps each tick with the injected market time and a USD base', () => {
    const snapshot = new SimulatedFeed({ providerId: 'BLOOMBERG', seed: 1, now: () => at }).tick();
    expect(snapshot).toMatchObject({ providerId: 'BLOOMBERG', base: 'USD', asOf: at });
  });
});

describe('ECB daily reference rates', () => {
  const snapshot = parseEcbDaily(fixture);

  it('reads the day, the EUR base and every currency of the file', () => {
    expect(snapshot.base).toBe('EUR');
    expect(snapshot.asOf.toISOString()).toBe('2026-03-13T15:00:00.000Z');
    expect(snapshot.perBase.size).toBe(30);
    expect(snapshot.perBase.get('USD')).toBe('1.0887');
    expect(snapshot.perBase.get('GBP')).toBe('0.8542');
  });

  it('computes cross rates through EUR in decimal (checked by hand)', () => {
    // USD/INR = INR per EUR / USD per EUR = 90.2080 / 1.0887 = 82.858455038... -> 82.85845504
    expect(crossRate(snapshot, 'USD', 'INR')).toBe('82.85845504');
    // GBP/USD = 1.0887 / 0.85420 = 1.274525872... -> 1.27452587
    expect(crossRate(snapshot, 'GBP', 'USD')).toBe('1.27452587');
    // USD/JPY = 161.81 / 1.0887 = 148.626802608... -> 148.62680261
    expect(crossRate(snapshot, 'USD', 'JPY')).toBe('148.62680261');
    // EUR/USD is the file's own number.
    expect(crossRate(snapshot, 'EUR', 'USD')).toBe('1.08870000');
    // The ECB does not quote the dirham: no rate is made up for it.
    expect(crossRate(snapshot, 'USD', 'AED')).toBeNull();
    expect(
      midRates(snapshot, [
        ['USD', 'AED'],
        ['GBP', 'SGD'],
      ]),
    ).toEqual([
      // GBP/SGD = 1.4535 / 0.85420 = 1.701592132... -> 1.70159213
      { providerId: 'ECB', source: 'GBP', target: 'SGD', mid: '1.70159213', asOf: snapshot.asOf },
    ]);
  });

  it.each([
    ['not the ECB envelope', '<rates><Cube time="2026-03-13"/></rates>'],
    ['two days', fixture.replace("<Cube time='2026-03-13'>", "<Cube time='2026-03-12'></Cube><Cube time='2026-03-13'>")],
    ['a bad rate', fixture.replace("rate='1.0887'", "rate='-1.0887'")],
    ['a zero rate', fixture.replace("rate='1.0887'", "rate='0'")],
    ['a bad code', fixture.replace("currency='USD'", "currency='usd'")],
    ['a repeated currency', fixture.replace("currency='JPY'", "currency='USD'")],
    ['an impossible date', fixture.replace("time='2026-03-13'", "time='2026-02-30'")],
  ])('refuses a file with %s, naming the file', (_name, xml) => {
    try {
      parseEcbDaily(xml);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).invalidParameters.map((p) => p.parameter)).toEqual(['file']);
    }
  });
});

describe('rate age and staleness', () => {
  const rate = { asOf: new Date('2026-03-13T10:00:00Z') };

  it('counts whole seconds since the market time', () => {
    expect(rateAge(rate, new Date('2026-03-13T10:01:00.900Z'))).toBe(60);
    expect(rateAge(rate, new Date('2026-03-13T09:59:59Z'))).toBe(0);
  });

  it('passes a rate at the limit and refuses one past it with RATE_STALE', () => {
    expect(assertFresh(rate, 60, new Date('2026-03-13T10:01:00Z'))).toBe(rate);
    expect(() => assertFresh(rate, 60, new Date('2026-03-13T10:01:01Z'))).toThrow(expect.objectContaining({ code: 'RATE_STALE', status: 409 }));
    expect(() => assertFresh(undefined, 60, at)).toThrow(expect.objectContaining({ code: 'RATE_STALE' }));
  });
});

describe('value dates', () => {
  it('settles CASH the same day, TOM the next business day, SPOT two, skipping weekends', () => {
    const thursday = new Date('2026-03-12T10:00:00Z');
    expect(valueDateOf('CASH', thursday)).toBe('2026-03-12');
    expect(valueDateOf('TOM', thursday)).toBe('2026-03-13');
    expect(valueDateOf('SPOT', thursday)).toBe('2026-03-16');
    expect(valueDateOf('CASH', new Date('2026-03-14T10:00:00Z'))).toBe('2026-03-16');
  });
});

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

  const refusal = (xml: string) => {
    try {
      parseEcbDaily(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).invalidParameters;
    }
    return expect.unreachable();
  };
  const envelope = (cubes: string, head = '') =>
    `${head}<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n<Cube>\n${cubes}\n</Cube>\n</gesmes:Envelope>\n`;

  it('reads every way XML may write the same file: attribute order, quotes, spacing, end tags, prefixes, comments', () => {
    const forms = [
      envelope(`<Cube time='2026-03-13'><Cube rate="1.0887" currency="USD"/><Cube currency='GBP' rate='0.85420'></Cube></Cube>`),
      envelope(
        `<!-- today's rates -->\n<Cube\n  time = "2026-03-13" >\n<Cube\n\tcurrency="USD"\n\trate="1.0887"\n/>\n<Cube rate='0.8542' currency="GBP" ></Cube>\n</Cube>`,
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- ECB -->\n',
      ),
      `<e:Envelope xmlns:e="http://www.gesmes.org/xml/2002-08-01" xmlns:x="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><e:subject>Reference rates</e:subject><x:Cube><x:Cube time="2026-03-13"><x:Cube currency="USD" rate="1.0887"/><x:Cube currency="GBP" rate="0.8542"/></x:Cube></x:Cube></e:Envelope>`,
    ];
    for (const xml of forms) {
      const read = parseEcbDaily(xml);
      expect(read.asOf.toISOString()).toBe('2026-03-13T15:00:00.000Z');
      expect(Object.fromEntries(read.perBase)).toEqual({ USD: '1.0887', GBP: '0.8542' });
    }
  });

  it('keeps rates as the decimal strings the file writes, with no float on the way', () => {
    const read = parseEcbDaily(envelope(`<Cube time="2026-03-13"><Cube currency="IDR" rate="17653.123456789"/><Cube currency="XXX" rate="0.1"/></Cube>`));
    expect(read.perBase.get('IDR')).toBe('17653.123456789');
    expect(read.perBase.get('XXX')).toBe('0.1');
  });

  it.each([
    ['a rate with a comma for decimals', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887"/>\n<Cube currency="GBP" rate="0,8542"/>\n</Cube>`, 5],
    ['a rate that is not a number', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887"/>\n<Cube currency="GBP" rate="n/a"/>\n</Cube>`, 5],
    ['a rate with an exponent', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887"/>\n<Cube currency="GBP" rate="8.542e-1"/>\n</Cube>`, 5],
    ['a rate Cube without a rate', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887"/>\n<Cube currency="GBP"/>\n</Cube>`, 5],
    ['an empty rate', `<Cube time="2026-03-13">\n<Cube currency="USD" rate=""/>\n</Cube>`, 4],
    ['an attribute the format does not have', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887" scale="100"/>\n</Cube>`, 4],
    ['an unknown element', `<Cube time="2026-03-13">\n<Rate currency="USD" rate="1.0887"/>\n</Cube>`, 4],
    ['a Cube inside a rate', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887">\n<Cube currency="GBP" rate="0.8542"/>\n</Cube>\n</Cube>`, 5],
    ['text inside a rate', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887">\n1.09</Cube>\n</Cube>`, 5],
    ['a tag never closed', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887">\n</Cube>`, 7],
    ['an attribute quoted twice', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887" rate="1.1"/>\n</Cube>`, 4],
    ['a mismatched end tag', `<Cube time="2026-03-13">\n<Cube currency="USD" rate="1.0887"></Rate>\n</Cube>`, 4],
  ])('refuses the whole file with %s, naming its line', (_name, cubes, line) => {
    const [problem, ...more] = refusal(envelope(cubes));
    expect(more).toEqual([]);
    expect(problem?.parameter).toBe('file');
    expect(problem?.message).toMatch(new RegExp(`^line ${line}: `));
  });

  it('states the rule of decimals a rate breaks', () => {
    const cubes = (rate: string) => envelope(`<Cube time="2026-03-13">\n<Cube currency="USD" rate="${rate}"/>\n</Cube>`);
    expect(refusal(cubes('1,0887'))[0]?.message).toBe('line 4: rate "1,0887" of USD: use a dot for decimals and no thousands separators, e.g. 1250.50');
    expect(refusal(cubes('1.08870000001'))[0]?.message).toBe('line 4: rate "1.08870000001" of USD has more than 10 decimals');
    expect(refusal(cubes('0.0'))[0]?.message).toBe('line 4: rate "0.0" of USD must be above 0 and below 10^12');
  });

  it('refuses a file that is not XML, or a DOCTYPE, naming the line', () => {
    expect(refusal('USD,1.0887\nGBP,0.8542\n')[0]?.message).toMatch(/^line 1: /);
    expect(refusal('')[0]?.message).toMatch(/^line 1: /);
    expect(refusal(envelope('<Cube time="2026-03-13"><Cube currency="USD" rate="1.0887"/></Cube>', '<!DOCTYPE x [<!ENTITY a "b">]>\n'))[0]?.message).toMatch(
      /^line 1: .*DOCTYPE/,
    );
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

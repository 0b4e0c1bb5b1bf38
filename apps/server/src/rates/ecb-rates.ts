import { Dec } from '@corridor/domain';
import { AppError } from '../errors.ts';
import type { RateSnapshot, RateSource } from './rate-source.ts';

const ECB_PROVIDER_ID = 'ECB';

const ENVELOPE = /<gesmes:Envelope\b[^>]*xmlns="http:\/\/www\.ecb\.int\/vocabulary\/2002-08-01\/eurofxref"/;
const TIME_CUBE = /<Cube\s+time\s*=\s*(['"])(\d{4}-\d{2}-\d{2})\1\s*>/g;
const RATE_CUBE = /<Cube\s+currency\s*=\s*(['"])([^'"]*)\1\s+rate\s*=\s*(['"])([^'"]*)\3\s*\/>/g;
const CODE = /^[A-Z]{3}$/;
const POSITIVE_DECIMAL = /^\d{1,12}(\.\d{1,10})?$/;

const badFile = (message: string) => new AppError('VALIDATION_FAILED', 'The file is not an ECB reference rates file', [{ parameter: 'file', message }]);

/**
 * The ECB publishes its reference rates around 16:00 CET on TARGET working days. The file carries only
 * the date; the rates are taken as of 15:00 UTC that day (16:00 CET), so their age is measured from
 * the publication, not from midnight.
 */
function publicationTime(date: string): Date {
  const at = new Date(`${date}T15:00:00.000Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) throw badFile(`time ${date} is not a calendar date`);
  return at;
}

/**
 * Parses the ECB's daily reference rates file (eurofxref-daily.xml: a gesmes:Envelope holding one
 * `<Cube time="YYYY-MM-DD">` of `<Cube currency="USD" rate="1.0887"/>` rows, EUR per unit base).
 * The format is fixed and small, so it is read with strict patterns rather than a general XML parser;
 * anything unexpected (a second day, a bad code or rate, a repeated currency) refuses the whole file
 * with 400 naming `file`, never a partial import.
 * @internal used by its tests
 */
export function parseEcbDaily(xml: string): RateSnapshot {
  if (!ENVELOPE.test(xml)) throw badFile('expected a gesmes:Envelope in the eurofxref namespace');
  const days = [...xml.matchAll(TIME_CUBE)];
  if (days.length !== 1) throw badFile(`expected one <Cube time="..."> day, found ${days.length}`);
  const asOf = publicationTime(days[0]?.[2] ?? '');
  const perBase = new Map<string, string>();
  for (const match of xml.matchAll(RATE_CUBE)) {
    const code = match[2] ?? '';
    const rate = match[4] ?? '';
    if (!CODE.test(code)) throw badFile(`currency "${code}" is not an ISO 4217 code`);
    if (!POSITIVE_DECIMAL.test(rate) || new Dec(rate).isZero()) throw badFile(`rate "${rate}" of ${code} is not a positive decimal`);
    if (code === 'EUR' || perBase.has(code)) throw badFile(`currency ${code} appears more than once`);
    perBase.set(code, new Dec(rate).toString());
  }
  if (perBase.size === 0) throw badFile('the file holds no rates');
  return { providerId: ECB_PROVIDER_ID, base: 'EUR', asOf, perBase };
}

/** The ECB as a rate source over a file already read (the server has no network of its own). */
export class EcbFileSource implements RateSource {
  readonly providerId = ECB_PROVIDER_ID;
  constructor(private readonly xml: string) {}
  async fetch(): Promise<RateSnapshot> {
    return parseEcbDaily(this.xml);
  }
}

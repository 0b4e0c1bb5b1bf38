import { Dec, FILE_AMOUNT_RULE, readFileAmount } from '@corridor/domain';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AppError } from '../errors.ts';
import type { RateSnapshot, RateSource } from './rate-source.ts';

const ECB_PROVIDER_ID = 'ECB';

const GESMES = 'http://www.gesmes.org/xml/2002-08-01';
const EUROFXREF = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Z]{3}$/;
/** The ECB quotes at most a few decimals; 10 leaves room without letting a made-up figure through. */
const RATE_DECIMALS = 10;
const RATE_LIMIT = new Dec('1e12');

const badFile = (message: string) => new AppError('VALIDATION_FAILED', 'The file is not an ECB reference rates file', [{ parameter: 'file', message }]);

/** A refusal found at a line of the file; turned into the 400 naming `file` once parsing stops. */
class Refusal extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The ECB publishes its reference rates around 16:00 CET on TARGET working days. The file carries only
 * the date; the rates are taken as of 15:00 UTC that day (16:00 CET), so their age is measured from
 * the publication, not from midnight.
 */
function publicationTime(date: string): Date | null {
  const at = new Date(`${date}T15:00:00.000Z`);
  return DATE.test(date) && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === date ? at : null;
}

/** The attributes a tag carries, by local name; namespace declarations are not attributes of the data. */
function attributesOf(tag: SaxesTagNS): Map<string, string> {
  const found = new Map<string, string>();
  for (const a of Object.values(tag.attributes)) {
    if (a.uri === XMLNS || a.name === 'xmlns') continue;
    // An attribute of the ECB's elements is never prefixed: a prefixed one is not the one we read.
    found.set(a.uri === '' ? a.local : a.name, a.value);
  }
  return found;
}

const only = (attributes: Map<string, string>, names: readonly string[]) => attributes.size === names.length && names.every((n) => attributes.has(n));

/**
 * Parses the ECB's daily reference rates file (eurofxref-daily.xml: a gesmes:Envelope holding one
 * `<Cube time="YYYY-MM-DD">` of `<Cube currency="USD" rate="1.0887"/>` rows, EUR per unit base).
 *
 * Read with a conforming XML parser, so every way XML may write the same file is the same file:
 * attributes in any order, single or double quotes, spaces and newlines inside a tag, `<Cube …></Cube>`
 * for `<Cube …/>`, any namespace prefix, a declaration and comments. Anything else (malformed XML, an
 * element or attribute the format does not have, a rate that is not a plain positive decimal, a second
 * day, a repeated currency) refuses the whole file with 400 naming `file` and the line, never a partial
 * import. Rates stay decimal strings: no float on the way in.
 * @internal used by its tests
 */
export function parseEcbDaily(xml: string): RateSnapshot {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const perBase = new Map<string, string>();
  // Set by the handlers below: typed by assertion so the checks after parsing see it may be set.
  let day = null as { at: Date; line: number } | null;
  let rootSeen = false;
  /** The elements open, innermost last: what each is (for the rule of its children) and its line. */
  const open: ('envelope' | 'gesmes' | 'cubes' | 'day' | 'rate')[] = [];
  let tagLine = 1;

  parser.on('error', (error) => {
    // saxes prefixes its message with line:column; the line is said once, by the refusal.
    throw new Refusal(parser.line, error.message.replace(/^\d+:\d+: /, ''));
  });
  parser.on('doctype', () => {
    throw new Refusal(parser.line, 'a DOCTYPE is not part of the format');
  });
  parser.on('processinginstruction', (pi) => {
    throw new Refusal(parser.line, `processing instruction <?${pi.target}?> is not part of the format`);
  });
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
  parser.on('text', (text) => {
    if (text.trim() !== '' && open.at(-1) !== 'gesmes') throw new Refusal(parser.line, `unexpected text "${text.trim().slice(0, 40)}"`);
  });
  parser.on('cdata', () => {
    if (open.at(-1) !== 'gesmes') throw new Refusal(parser.line, 'unexpected CDATA');
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.on('opentag', (tag) => {
    const line = tagLine;
    const parent = open.at(-1);
    const attributes = attributesOf(tag);
    const name = `<${tag.name}>`;
    if (parent === undefined) {
      if (rootSeen || tag.uri !== GESMES || tag.local !== 'Envelope') throw new Refusal(line, `expected a gesmes:Envelope, found ${name}`);
      rootSeen = true;
      open.push('envelope');
      return;
    }
    if (tag.uri === GESMES && (parent === 'envelope' || parent === 'gesmes')) {
      open.push('gesmes');
      return;
    }
    if (tag.uri !== EUROFXREF || tag.local !== 'Cube') throw new Refusal(line, `unexpected element ${name}`);
    if (parent === 'envelope') {
      if (attributes.size > 0) throw new Refusal(line, 'the outer <Cube> has no attributes');
      open.push('cubes');
    } else if (parent === 'cubes') {
      const time = attributes.get('time') ?? '';
      if (!only(attributes, ['time'])) throw new Refusal(line, 'a day <Cube> has exactly one attribute, time');
      if (day) throw new Refusal(line, `a second <Cube time="${time}"> day (the first is at line ${day.line})`);
      const at = publicationTime(time);
      if (!at) throw new Refusal(line, `time "${time}" is not a calendar date YYYY-MM-DD`);
      day = { at, line };
      open.push('day');
    } else if (parent === 'day') {
      if (!only(attributes, ['currency', 'rate'])) throw new Refusal(line, 'a rate <Cube> has exactly two attributes, currency and rate');
      const code = attributes.get('currency') ?? '';
      const rateText = attributes.get('rate') ?? '';
      if (!CODE.test(code)) throw new Refusal(line, `currency "${code}" is not an ISO 4217 code`);
      const rate = readFileAmount(rateText, { decimals: RATE_DECIMALS });
      if (!rate.ok && rate.problem === 'tooManyDecimals') throw new Refusal(line, `rate "${rateText}" of ${code} has more than ${RATE_DECIMALS} decimals`);
      if (!rate.ok) throw new Refusal(line, `rate "${rateText}" of ${code}: ${FILE_AMOUNT_RULE}`);
      if (new Dec(rate.value).isZero() || new Dec(rate.value).gte(RATE_LIMIT))
        throw new Refusal(line, `rate "${rateText}" of ${code} must be above 0 and below 10^12`);
      if (code === 'EUR' || perBase.has(code)) throw new Refusal(line, `currency ${code} appears more than once`);
      perBase.set(code, rate.value);
      open.push('rate');
    } else {
      throw new Refusal(line, `unexpected ${name} inside a rate`);
    }
  });

  // saxes reports text before the root only where that text ends: name the line where it starts.
  const first = /[^\s\uFEFF]/.exec(xml);
  if (first && first[0] !== '<') throw badFile(`line ${xml.slice(0, first.index).split('\n').length}: not XML (an XML file starts with <)`);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Refusal) throw badFile(`line ${error.line}: ${error.message}`);
    throw error;
  }
  const lines = xml.split('\n').length;
  if (!rootSeen) throw badFile(`line ${lines}: expected a gesmes:Envelope in the eurofxref format`);
  if (!day) throw badFile(`line ${lines}: the file holds no <Cube time="..."> day`);
  if (perBase.size === 0) throw badFile(`line ${day.line}: the day holds no rates`);
  return { providerId: ECB_PROVIDER_ID, base: 'EUR', asOf: day.at, perBase };
}

/** The ECB as a rate source over a file already read (the server has no network of its own). */
export class EcbFileSource implements RateSource {
  readonly providerId = ECB_PROVIDER_ID;
  constructor(private readonly xml: string) {}
  async fetch(): Promise<RateSnapshot> {
    return parseEcbDaily(this.xml);
  }
}

import { eq } from 'drizzle-orm';
import { Dec, RATE_DP, toPlain } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { currencies, rateProviders } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { invalid } from '../lib/config-tenant.ts';
import type { MarkupUnit } from './pricing-config-schema.ts';

/** A currency code the reference data knows and has enabled; 400 naming the field otherwise. */
async function assertCurrency(db: Db, code: string, parameter: string): Promise<void> {
  const [row] = await db.select({ enabled: currencies.enabled }).from(currencies).where(eq(currencies.code, code));
  if (!row) throw invalid(parameter, `unknown currency ${code}`);
  if (!row.enabled) throw invalid(parameter, `currency ${code} is not enabled`);
}

export async function assertPair(db: Db, source: string, target: string): Promise<void> {
  await assertCurrency(db, source, 'sourceCurrency');
  await assertCurrency(db, target, 'targetCurrency');
  if (source === target) throw invalid('targetCurrency', 'must differ from sourceCurrency');
}

export async function assertRateProvider(db: Db, id: string, parameter = 'rateProviderId'): Promise<void> {
  const [row] = await db.select({ id: rateProviders.id }).from(rateProviders).where(eq(rateProviders.id, id));
  if (!row) throw invalid(parameter, `unknown rate provider ${id}`);
}

/**
 * The range a markup may take in its unit (docs/decisions.md, "Markup ranges"), either sign: a
 * negative markup lowers the rate. Wider values are almost always a unit mistake (25 % for 25 bips).
 */
const MARKUP_RANGES: Record<MarkupUnit, string> = {
  PIP: '10000',
  PERCENTAGE: '10',
  BIP: '1000',
  FLAT: '100',
};
/** Rates carry 8 decimals (spec 9), so a markup cannot be finer than that. */
const MARKUP_MAX_DECIMALS = RATE_DP;

function markupProblem(unit: MarkupUnit, value: string, parameter: string): InvalidParameter | null {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return { parameter, message: 'must be a decimal number written as a string' };
  const fraction = value.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > MARKUP_MAX_DECIMALS) {
    return { parameter, message: `must have at most ${MARKUP_MAX_DECIMALS} decimals` };
  }
  const limit = MARKUP_RANGES[unit];
  if (new Dec(value).abs().greaterThan(limit)) {
    return { parameter, message: `must be between -${limit} and ${limit} for markupType ${unit}` };
  }
  return null;
}

/** Both sides of a spread, held to their unit's range; answers the values in plain form. */
export function checkedSpread(
  body: { markupType: MarkupUnit; askMarkup: string; bidMarkup: string },
  prefix = '',
): {
  markupType: MarkupUnit;
  askMarkup: string;
  bidMarkup: string;
} {
  const problems = [
    markupProblem(body.markupType, body.askMarkup, `${prefix}askMarkup`),
    markupProblem(body.markupType, body.bidMarkup, `${prefix}bidMarkup`),
  ].filter((p): p is InvalidParameter => p !== null);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  return { markupType: body.markupType, askMarkup: toPlain(new Dec(body.askMarkup)), bidMarkup: toPlain(new Dec(body.bidMarkup)) };
}

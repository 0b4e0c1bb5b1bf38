import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { feeRuleBody } from '@corridor/api';
import { Dec, significantDecimals } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { currencies, correspondents } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import type { StoredSlab, StoredTax } from './fee-tables.ts';

export type FeeRuleBody = z.output<typeof feeRuleBody>;

/** Percentages (fee and tax) carry at most this many decimals: 0.0001 % is a hundredth of a basis point. */
const PERCENT_DP = 4;

/**
 * Everything wrong with a fee rule's slabs and taxes, each naming its field (`slabs.1.slabValueFrom`):
 * slabs in one known currency, ascending, contiguous to the currency's minor unit (0-1000 then
 * 1000.01-...), only the last open ended, no negative values, minFee <= maxFee, amounts within the
 * currency's decimals and percentages within 0-100. Refused, never repaired: a fee schedule is money.
 * @internal
 */
export function slabProblems(slabs: FeeRuleBody['slabs'], dpOf: (code: string) => number | undefined): InvalidParameter[] {
  const problems: InvalidParameter[] = [];
  const add = (parameter: string, message: string) => problems.push({ parameter, message });
  const first = slabs[0]?.slabCurrency;
  slabs.forEach((slab, i) => {
    const at = (field: string) => `slabs.${i}.${field}`;
    const dp = dpOf(slab.slabCurrency);
    if (dp === undefined) add(at('slabCurrency'), `unknown currency ${slab.slabCurrency}`);
    else if (slab.slabCurrency !== first) add(at('slabCurrency'), `every slab must be in ${first ?? ''}`);
    const amounts: Array<[string, string | null | undefined]> = [
      ['slabValueFrom', slab.slabValueFrom],
      ['slabValueTo', slab.slabValueTo],
      ['flatFee', slab.flatFee],
      ['minFee', slab.minFee],
      ['maxFee', slab.maxFee],
    ];
    for (const [field, value] of amounts) {
      if (value === null || value === undefined) continue;
      if (new Dec(value).isNegative()) add(at(field), 'must not be negative');
      else if (dp !== undefined && significantDecimals(value) > dp) add(at(field), `must have at most ${dp} decimals in ${slab.slabCurrency}`);
    }
    const pct = new Dec(slab.percentageFee);
    if (pct.isNegative() || pct.gt(100)) add(at('percentageFee'), 'must be between 0 and 100');
    else if (significantDecimals(slab.percentageFee) > PERCENT_DP) add(at('percentageFee'), `must have at most ${PERCENT_DP} decimals`);
    if (slab.minFee != null && slab.maxFee != null && new Dec(slab.maxFee).lt(slab.minFee)) {
      add(at('maxFee'), `must not be below minFee (${slab.minFee})`);
    }
    if (slab.slabValueTo != null && new Dec(slab.slabValueTo).lt(slab.slabValueFrom)) {
      add(at('slabValueTo'), `must not be below slabValueFrom (${slab.slabValueFrom})`);
    }
    if (i === 0) return;
    const previous = slabs[i - 1];
    if (previous === undefined) return;
    if (previous.slabValueTo == null) {
      add(`slabs.${i - 1}.slabValueTo`, 'only the last slab may be open ended');
      return;
    }
    if (dp === undefined) return;
    // The next slab starts one minor unit after the previous one ends: no amount falls in two slabs or none.
    const expected = new Dec(previous.slabValueTo).plus(new Dec(1).div(new Dec(10).pow(dp)));
    const from = new Dec(slab.slabValueFrom);
    if (from.lt(expected)) add(at('slabValueFrom'), `overlaps slab ${i - 1}, which ends at ${previous.slabValueTo}; start at ${expected.toFixed(dp)}`);
    else if (from.gt(expected))
      add(at('slabValueFrom'), `leaves a gap after slab ${i - 1}, which ends at ${previous.slabValueTo}; start at ${expected.toFixed(dp)}`);
  });
  return problems;
}

function taxProblems(taxes: readonly StoredTax[]): InvalidParameter[] {
  const problems: InvalidParameter[] = [];
  const names = new Set<string>();
  taxes.forEach((tax, i) => {
    const pct = new Dec(tax.percentage);
    if (pct.isNegative() || pct.gt(100)) problems.push({ parameter: `taxes.${i}.percentage`, message: 'must be between 0 and 100' });
    else if (significantDecimals(tax.percentage) > PERCENT_DP) {
      problems.push({ parameter: `taxes.${i}.percentage`, message: `must have at most ${PERCENT_DP} decimals` });
    }
    if (names.has(tax.name.toLowerCase())) problems.push({ parameter: `taxes.${i}.name`, message: `${tax.name} is named twice` });
    names.add(tax.name.toLowerCase());
  });
  return problems;
}

/** Decimals of each known currency among `codes`. */
export async function currencyDps(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ code: currencies.code, dp: currencies.dp }).from(currencies).where(inArray(currencies.code, unique));
  return new Map(rows.map((r) => [r.code, r.dp]));
}

/** Refuses (400 naming every field) a fee rule body that cannot price a transaction correctly. */
export async function assertFeeRuleValid(db: Db, body: FeeRuleBody): Promise<void> {
  const codes = [...body.slabs.map((s) => s.slabCurrency), body.walletCurrencyCode, body.payoutCurrencyCode].filter((c): c is string => typeof c === 'string');
  const dps = await currencyDps(db, codes);
  const problems = [...slabProblems(body.slabs, (code) => dps.get(code)), ...taxProblems(body.taxes ?? [])];
  for (const field of ['walletCurrencyCode', 'payoutCurrencyCode'] as const) {
    const code = body[field];
    if (code != null && !dps.has(code)) problems.push({ parameter: field, message: `unknown currency ${code}` });
  }
  if (body.effectiveTo != null && body.effectiveTo < body.effectiveFrom) {
    problems.push({ parameter: 'effectiveTo', message: `must not be before effectiveFrom (${body.effectiveFrom})` });
  }
  if (body.correspondentId != null) {
    const [known] = await db
      .select({ id: correspondents.correspondentId })
      .from(correspondents)
      .where(inArray(correspondents.correspondentId, [body.correspondentId]));
    if (!known) problems.push({ parameter: 'correspondentId', message: `unknown correspondent ${body.correspondentId}` });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
}

/** The slabs as stored: optional bounds and caps made explicit nulls. */
export function storedSlabs(slabs: FeeRuleBody['slabs']): StoredSlab[] {
  return slabs.map((s) => ({
    slabValueFrom: s.slabValueFrom,
    slabValueTo: s.slabValueTo ?? null,
    slabCurrency: s.slabCurrency,
    flatFee: s.flatFee,
    percentageFee: s.percentageFee,
    minFee: s.minFee ?? null,
    maxFee: s.maxFee ?? null,
  }));
}

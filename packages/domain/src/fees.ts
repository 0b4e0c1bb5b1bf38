import { Dec, normaliseDp, requireDecimal, toDecimal } from './money.ts';
import type { DecimalValue } from './money.ts';

/** Spec 9: "Fee types: OUR, SHA, BEN, REBATE, FX_PREMIUM". */
export const FEE_TYPES = [
  { value: 'OUR', labelKey: 'fee.type.our', label: 'Our' },
  { value: 'SHA', labelKey: 'fee.type.sha', label: 'Sha' },
  { value: 'BEN', labelKey: 'fee.type.ben', label: 'Ben' },
  { value: 'REBATE', labelKey: 'fee.type.rebate', label: 'Rebate' },
  { value: 'FX_PREMIUM', labelKey: 'fee.type.fxPremium', label: 'FX Premium' },
] as const;
export type FeeType = (typeof FEE_TYPES)[number]['value'];

/** Who bears a charge: the sender (OUR), the beneficiary (BEN) or shared (SHA). */
export const CHARGE_MODES = ['OUR', 'SHA', 'BEN'] as const;
export type ChargeMode = (typeof CHARGE_MODES)[number];

/** Spec 2 "Incentives section (Rebate, FX Premium)": fee types that are incentives, not charges. */
export const INCENTIVE_FEE_TYPES = ['REBATE', 'FX_PREMIUM'] as const;

/**
 * One slab of a fee schedule: applies to amounts from `from` up to and including `to` (open
 * ended when `to` is missing). The fee is `flat + amount x percentage / 100`, then raised to `min`
 * and capped at `max` when those are set.
 */
export interface FeeSlab {
  from: string;
  to?: string | null;
  flat?: string | null;
  percentage?: string | null;
  min?: string | null;
  max?: string | null;
}

/** A tax on fees: a percentage of the fee (e.g. VAT 5 %). */
export interface TaxRule {
  name: string;
  percentage: string;
}

/** Tax on one charge, shaped like the spec's Quote entity ("tax with total and details"). */
export interface ChargeTax {
  total: string;
  details: { name: string; percentage: string; amount: string }[];
}

/**
 * The slab an amount falls in: the first slab with from <= amount <= to (to open when absent).
 *
 * @example findSlab([{ from: '0', to: '1000', flat: '5' }, { from: '1000.01', flat: '8' }], '2500')?.flat // '8'
 */
export function findSlab(slabs: readonly FeeSlab[], amount: string): FeeSlab | undefined {
  const value = requireDecimal(amount, 'amount');
  return slabs.find((slab) => {
    const to = toDecimal(slab.to);
    return value.gte(requireDecimal(slab.from, 'slab from')) && (to === null || value.lte(to));
  });
}

/** Fee of a slab before rounding. */
function rawSlabFee(slab: FeeSlab, amount: DecimalValue): DecimalValue {
  const flat = toDecimal(slab.flat) ?? new Dec(0);
  const percentage = toDecimal(slab.percentage) ?? new Dec(0);
  let fee = flat.plus(amount.times(percentage).div(100));
  const min = toDecimal(slab.min);
  const max = toDecimal(slab.max);
  if (min !== null && fee.lt(min)) fee = min;
  if (max !== null && fee.gt(max)) fee = max;
  return fee;
}

/**
 * Fee for an amount from a slab schedule, rounded half-up to the fee currency's decimals;
 * '0' (with those decimals) when no slab covers the amount.
 *
 * @example computeFee([{ from: '0', percentage: '1', min: '5', max: '50' }], '300', 2) // '5.00'
 * @example computeFee([{ from: '0', percentage: '1', min: '5', max: '50' }], '10000', 2) // '50.00'
 * @example computeFee([{ from: '0', flat: '2', percentage: '0.5' }], '1000', 2) // '7.00'
 */
export function computeFee(slabs: readonly FeeSlab[], amount: string, dp: number): string {
  const slab = findSlab(slabs, amount);
  const fee = slab === undefined ? new Dec(0) : rawSlabFee(slab, requireDecimal(amount, 'amount'));
  return fee.toFixed(normaliseDp(dp));
}

/**
 * Tax on a fee: each rule is a percentage of the fee, rounded half-up to `dp`; the total is the
 * sum of the rounded parts (so the details always add up to the total).
 *
 * @example taxOnFee('10.00', [{ name: 'VAT', percentage: '5' }], 2) // { total: '0.50', details: [{ name: 'VAT', percentage: '5', amount: '0.50' }] }
 */
export function taxOnFee(fee: string, taxes: readonly TaxRule[], dp: number): ChargeTax {
  const base = requireDecimal(fee, 'fee');
  const places = normaliseDp(dp);
  const details = taxes.map((tax) => ({
    name: tax.name,
    percentage: tax.percentage,
    amount: base.times(requireDecimal(tax.percentage, 'tax percentage')).div(100).toFixed(places),
  }));
  const total = details.reduce((acc, d) => acc.plus(d.amount), new Dec(0)).toFixed(places);
  return { total, details };
}

/**
 * Who pays a charge once SHA is resolved: under SHA the sender pays its own side's charges
 * (merchant fees) and the beneficiary the correspondent's, as SWIFT shared charges work.
 *
 * @example payerOf('SHA', 'correspondent') // 'BEN'
 */
export function payerOf(mode: ChargeMode, side: 'merchant' | 'correspondent'): 'OUR' | 'BEN' {
  if (mode === 'SHA') return side === 'merchant' ? 'OUR' : 'BEN';
  return mode;
}

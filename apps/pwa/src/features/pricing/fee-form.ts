import { z } from 'zod';
import { feeRuleBody, type FeeRule } from '@corridor/api';
import { Dec, FEE_TYPES, toDecimal, type DecimalValue, type FeeType } from '@corridor/domain';

export type FeeRuleBody = z.input<typeof feeRuleBody>;

/** One slab as typed: every value is text, the bounds and caps may be left blank. */
export interface SlabForm {
  slabValueFrom: string;
  slabValueTo: string;
  flatFee: string;
  percentageFee: string;
  minFee: string;
  maxFee: string;
}

export interface TaxForm {
  name: string;
  percentage: string;
}

/**
 * The fee rule form. Slab fields carry the server's names (`slabs.1.slabValueFrom`) so a refusal
 * lands on the field it names; every slab is in the one `slabCurrency` the server requires.
 */
export interface FeeRuleForm {
  chargeMode: FeeType;
  merchantFeeProfileId: string;
  correspondentId: string;
  walletCurrencyCode: string;
  payoutCurrencyCode: string;
  destinationCountryCode: string;
  transactionType: string;
  effectiveFrom: string;
  effectiveTo: string;
  status: 'ACTIVE' | 'INACTIVE';
  isPromotional: boolean;
  slabCurrency: string;
  slabs: SlabForm[];
  taxes: TaxForm[];
}

/** What each problem is called (i18n keys under pricing.errors). */
export interface FormProblem {
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

/** Percentages (fee and tax) carry at most 4 decimals, as the server allows. */
const PERCENT_DP = 4;
const NUMBER_TEXT = /^\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FEE_TYPE_VALUES = FEE_TYPES.map((f) => f.value);

/** YYYY-MM-DD of `date` in local time (the day the user sees). */
export function localIsoDay(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${mm}-${dd}`;
}

export const emptySlab = (from = ''): SlabForm => ({
  slabValueFrom: from,
  slabValueTo: '',
  flatFee: '0',
  percentageFee: '0',
  minFee: '',
  maxFee: '',
});

/** A new rule: OUR, effective today, one open slab from zero. */
export function emptyFeeRuleForm(today: string, currency = ''): FeeRuleForm {
  return {
    chargeMode: 'OUR',
    merchantFeeProfileId: '',
    correspondentId: '',
    walletCurrencyCode: currency,
    payoutCurrencyCode: '',
    destinationCountryCode: '',
    transactionType: '',
    effectiveFrom: today,
    effectiveTo: '',
    status: 'ACTIVE',
    isPromotional: false,
    slabCurrency: currency,
    slabs: [emptySlab('0')],
    taxes: [],
  };
}

/** A stored rule as the form shows it for editing. */
export function feeRuleToForm(rule: FeeRule): FeeRuleForm {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    chargeMode: rule.chargeMode,
    merchantFeeProfileId: text(rule.merchantFeeProfileId),
    correspondentId: text(rule.correspondentId),
    walletCurrencyCode: text(rule.walletCurrencyCode),
    payoutCurrencyCode: text(rule.payoutCurrencyCode),
    destinationCountryCode: text(rule.destinationCountryCode),
    transactionType: text(rule.transactionType),
    effectiveFrom: rule.effectiveFrom.slice(0, 10),
    effectiveTo: text(rule.effectiveTo).slice(0, 10),
    status: rule.status,
    isPromotional: rule.isPromotional,
    slabCurrency: rule.slabs[0]?.slabCurrency ?? '',
    slabs: rule.slabs.map((s) => ({
      slabValueFrom: s.slabValueFrom,
      slabValueTo: text(s.slabValueTo),
      flatFee: s.flatFee,
      percentageFee: s.percentageFee,
      minFee: text(s.minFee),
      maxFee: text(s.maxFee),
    })),
    taxes: rule.taxes.map((t) => ({ name: t.name, percentage: t.percentage })),
  };
}

const decimalsIn = (value: DecimalValue) => value.decimalPlaces();
const parse = (text: string): DecimalValue | null => (NUMBER_TEXT.test(text.trim()) ? toDecimal(text.trim()) : null);

/** Where the slab after `previousTo` must start: one minor unit of the currency later. */
export function nextSlabStart(previousTo: string, dp: number): string {
  return new Dec(previousTo).plus(new Dec(1).div(new Dec(10).pow(dp))).toFixed(dp);
}

/**
 * Everything wrong with the slabs, as the server checks it: numbers with no more decimals than
 * the currency (percentages 4), ascending and contiguous to the minor unit (0-1000 then
 * 1000.01-...), only the last open ended, caps at or above floors, percentages within 0-100.
 * @internal test-only entry point
 */
export function slabProblems(slabs: readonly SlabForm[], dp: number): FormProblem[] {
  const problems: FormProblem[] = [];
  const parsed = slabs.map((slab, i) => {
    const at = (field: keyof SlabForm) => `slabs.${i}.${field}`;
    const amount = (field: keyof SlabForm, required: boolean): DecimalValue | null => {
      const text = slab[field].trim();
      if (text === '') {
        if (required) problems.push({ path: at(field), key: 'required' });
        return null;
      }
      const value = parse(text);
      if (value === null) problems.push({ path: at(field), key: 'number' });
      else if (decimalsIn(value) > dp) problems.push({ path: at(field), key: 'decimals', params: { dp } });
      return value;
    };
    const from = amount('slabValueFrom', true);
    const to = amount('slabValueTo', false);
    amount('flatFee', true);
    const min = amount('minFee', false);
    const max = amount('maxFee', false);
    const pctText = slab.percentageFee.trim();
    const pct = parse(pctText);
    if (pctText === '') problems.push({ path: at('percentageFee'), key: 'required' });
    else if (pct === null) problems.push({ path: at('percentageFee'), key: 'number' });
    else if (pct.gt(100)) problems.push({ path: at('percentageFee'), key: 'percentRange' });
    else if (decimalsIn(pct) > PERCENT_DP) problems.push({ path: at('percentageFee'), key: 'percentDecimals' });
    if (min && max && max.lt(min)) problems.push({ path: at('maxFee'), key: 'capBelowFloor', params: { min: slab.minFee.trim() } });
    if (from && to && to.lt(from)) problems.push({ path: at('slabValueTo'), key: 'toBelowFrom', params: { from: slab.slabValueFrom.trim() } });
    return { from, to, toText: slab.slabValueTo.trim() };
  });
  parsed.forEach((slab, i) => {
    if (i === 0) return;
    const previous = parsed[i - 1];
    if (!previous) return;
    if (previous.toText === '') {
      problems.push({ path: `slabs.${i - 1}.slabValueTo`, key: 'onlyLastOpen' });
      return;
    }
    if (!previous.to || !slab.from || decimalsIn(previous.to) > dp) return;
    const expected = nextSlabStart(previous.toText, dp);
    if (slab.from.lt(expected)) problems.push({ path: `slabs.${i}.slabValueFrom`, key: 'overlap', params: { start: expected } });
    else if (slab.from.gt(expected)) problems.push({ path: `slabs.${i}.slabValueFrom`, key: 'gap', params: { start: expected } });
  });
  return problems;
}

/** Taxes: a name each (named once) and a percentage within 0-100 with at most 4 decimals. */
export function taxProblems(taxes: readonly TaxForm[]): FormProblem[] {
  const problems: FormProblem[] = [];
  const names = new Set<string>();
  taxes.forEach((tax, i) => {
    const name = tax.name.trim();
    if (name === '') problems.push({ path: `taxes.${i}.name`, key: 'required' });
    else if (names.has(name.toLowerCase())) problems.push({ path: `taxes.${i}.name`, key: 'taxTwice' });
    names.add(name.toLowerCase());
    const pct = parse(tax.percentage);
    if (tax.percentage.trim() === '') problems.push({ path: `taxes.${i}.percentage`, key: 'required' });
    else if (pct === null) problems.push({ path: `taxes.${i}.percentage`, key: 'number' });
    else if (pct.gt(100)) problems.push({ path: `taxes.${i}.percentage`, key: 'percentRange' });
    else if (decimalsIn(pct) > PERCENT_DP) problems.push({ path: `taxes.${i}.percentage`, key: 'percentDecimals' });
  });
  return problems;
}

/** Every problem of the whole form; `dpOf` gives a currency's decimals (undefined when unknown). * @internal test-only entry point
 */
export function feeRuleProblems(form: FeeRuleForm, dpOf: (code: string) => number | undefined): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!FEE_TYPE_VALUES.includes(form.chargeMode)) problems.push({ path: 'chargeMode', key: 'required' });
  if (!ISO_DATE.test(form.effectiveFrom)) problems.push({ path: 'effectiveFrom', key: 'required' });
  if (form.effectiveTo !== '' && ISO_DATE.test(form.effectiveFrom) && form.effectiveTo < form.effectiveFrom) {
    problems.push({ path: 'effectiveTo', key: 'toBeforeFrom' });
  }
  const dp = dpOf(form.slabCurrency);
  if (form.slabCurrency === '' || dp === undefined) problems.push({ path: 'slabCurrency', key: 'required' });
  if (form.slabs.length === 0) problems.push({ path: 'slabCurrency', key: 'oneSlab' });
  // Without a currency the decimals are unknown; the money checks wait for one.
  if (dp !== undefined) problems.push(...slabProblems(form.slabs, dp));
  problems.push(...taxProblems(form.taxes));
  return problems;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The POST/PUT body of a valid form; `keep` carries fields of an edited rule the form does not show. * @internal test-only entry point
 */
export function feeRuleBodyOf(form: FeeRuleForm, keep?: FeeRule): FeeRuleBody {
  const body: FeeRuleBody = {
    senderCountry: keep?.senderCountry ?? null,
    sourceCountryCode: keep?.sourceCountryCode ?? null,
    channelId: keep?.channelId ?? null,
    deliveryModeId: keep?.deliveryModeId ?? null,
    beneficiaryFi: keep?.beneficiaryFi ?? null,
    transferType: keep?.transferType ?? null,
    transactionCategory: keep?.transactionCategory ?? null,
    chargeMode: form.chargeMode,
    walletCurrencyCode: orNull(form.walletCurrencyCode),
    payoutCurrencyCode: orNull(form.payoutCurrencyCode),
    destinationCountryCode: orNull(form.destinationCountryCode),
    transactionType: orNull(form.transactionType),
    correspondentId: orNull(form.correspondentId),
    effectiveFrom: form.effectiveFrom,
    effectiveTo: orNull(form.effectiveTo),
    status: form.status,
    isPromotional: form.isPromotional,
    slabs: form.slabs.map((s) => ({
      slabValueFrom: s.slabValueFrom.trim(),
      slabValueTo: orNull(s.slabValueTo),
      slabCurrency: form.slabCurrency,
      flatFee: s.flatFee.trim(),
      percentageFee: s.percentageFee.trim(),
      minFee: orNull(s.minFee),
      maxFee: orNull(s.maxFee),
    })),
    taxes: form.taxes.map((t) => ({ name: t.name.trim(), percentage: t.percentage.trim() })),
  };
  const profile = orNull(form.merchantFeeProfileId);
  if (profile !== null) body.merchantFeeProfileId = profile;
  return body;
}

/** The body that puts a stored rule back unchanged except for its taxes. */
export function withTaxes(rule: FeeRule, taxes: readonly TaxForm[]): FeeRuleBody {
  return { ...feeRuleBodyOf(feeRuleToForm(rule), rule), taxes: taxes.map((t) => ({ name: t.name.trim(), percentage: t.percentage.trim() })) };
}

/** Where a server refusal belongs in the form: slab currencies are one field here. */
export function formPathOf(parameter: string): string {
  return /^slabs\.\d+\.slabCurrency$/.test(parameter) ? 'slabCurrency' : parameter;
}

/** The form's schema: every problem above (message = i18n key), then the contract's body. */
export function feeRuleFormSchema(dpOf: (code: string) => number | undefined, keep?: FeeRule) {
  return z
    .custom<FeeRuleForm>()
    .superRefine((form, ctx) => {
      for (const p of feeRuleProblems(form, dpOf)) {
        ctx.addIssue({ code: 'custom', path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: `pricing.errors.${p.key}` });
      }
    })
    .transform((form) => feeRuleBodyOf(form, keep))
    .pipe(feeRuleBody);
}

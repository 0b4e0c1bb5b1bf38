import { z } from 'zod';
import { MARKUP_TYPES, RATE_DP, toDecimal, type MarkupType } from '@corridor/domain';

/**
 * How far a markup may go in its unit, either sign (the server's "Markup ranges" in docs/decisions.md):
 * wider values are almost always a unit mistake (25 % typed for 25 bips). Checked here so the user
 * sees it before sending; the server checks again and its message lands on the same field.
 */
const MARKUP_LIMITS: Record<MarkupType, string> = { PIP: '10000', PERCENTAGE: '10', BIP: '1000', FLAT: '100' };

/** What the markup dialog edits: the unit and both sides of the spread, as typed. */
export interface SpreadForm {
  markupType: MarkupType;
  askMarkup: string;
  bidMarkup: string;
}

const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
/** What may be typed into a markup box: an optional minus, digits and one dot. */
export const MARKUP_TYPING = /^-?\d*\.?\d*$/;

/** The i18n key (under rates.errors) of what is wrong with one markup value, or null. */
function markupProblem(value: string, unit: MarkupType): { key: string; params?: Record<string, string> } | null {
  const text = value.trim();
  if (text === '') return { key: 'markupRequired' };
  if (!SIGNED_DECIMAL.test(text)) return { key: 'markupInvalid' };
  const decimal = toDecimal(text);
  if (decimal === null) return { key: 'markupInvalid' };
  if (decimal.decimalPlaces() > RATE_DP) return { key: 'markupDecimals', params: { dp: String(RATE_DP) } };
  const limit = MARKUP_LIMITS[unit];
  if (decimal.abs().gt(limit)) return { key: 'markupRange', params: { limit, unit } };
  return null;
}

/** What a markup message needs besides its key: the unit, its limit and the decimals allowed. */
export function spreadMessageParams(unit: MarkupType): Record<string, string> {
  return { unit, limit: MARKUP_LIMITS[unit], dp: String(RATE_DP) };
}

/** A fresh form from a stored markup (or PIP 0 / 0 for a new one). */
export function spreadFormOf(row?: { markupType: string; askMarkup: string; bidMarkup: string }): SpreadForm {
  const known = MARKUP_TYPES.find((m) => m.value === row?.markupType)?.value;
  return { markupType: known ?? 'PIP', askMarkup: row?.askMarkup ?? '0', bidMarkup: row?.bidMarkup ?? '0' };
}

const spreadShape = {
  markupType: z.enum(MARKUP_TYPES.map((m) => m.value) as [MarkupType, ...MarkupType[]]),
  askMarkup: z.string(),
  bidMarkup: z.string(),
};

/** Holds each side of a spread to its unit's range and to 8 decimals (spec 9: rates carry 8). */
function refineSpread(form: SpreadForm, ctx: z.RefinementCtx): void {
  for (const field of ['askMarkup', 'bidMarkup'] as const) {
    const problem = markupProblem(form[field], form.markupType);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: `rates.errors.${problem.key}` });
  }
}

const trimmedSpread = (form: SpreadForm): SpreadForm => ({ markupType: form.markupType, askMarkup: form.askMarkup.trim(), bidMarkup: form.bidMarkup.trim() });

/**
 * The dialog's schema: each side held to its unit's range and decimals, messages as i18n keys; the
 * field translates them with the unit's limit (`spreadMessageParams`).
 */
export const spreadFormSchema = z.object(spreadShape).superRefine(refineSpread).transform(trimmedSpread);

export type SpreadBody = z.output<typeof spreadFormSchema>;

/** A new volatile layer: the deal config it sits on, then its spread. */
export interface VolatileForm extends SpreadForm {
  currencyDealConfigId: string;
}
export const volatileFormSchema = z
  .object({ currencyDealConfigId: z.string().min(1, 'rates.errors.dealRequired'), ...spreadShape })
  .superRefine(refineSpread)
  .transform((form) => ({ currencyDealConfigId: form.currencyDealConfigId, ...trimmedSpread(form) }));

/** The activities an agent markup is set for: the agent buys or sells the foreign currency. */
export const AGENT_ACTIVITIES = ['BUY', 'SELL'] as const;

const agentText = z.string().trim().min(1, 'rates.errors.required').max(40, 'rates.errors.tooLong');

/** A new agent markup: what it applies to (product, activity, instrument) and its spread. */
export interface AgentForm extends SpreadForm {
  productType: string;
  activityType: (typeof AGENT_ACTIVITIES)[number];
  instrumentType: string;
}
export const agentFormSchema = z
  .object({ productType: agentText, activityType: z.enum(AGENT_ACTIVITIES, { message: 'rates.errors.required' }), instrumentType: agentText, ...spreadShape })
  .superRefine(refineSpread)
  .transform((form) => ({
    // Codes are compared as stored by the filters, so they are sent upper case ('remittance' and 'REMITTANCE' are one product).
    productType: form.productType.toUpperCase(),
    activityType: form.activityType,
    instrumentType: form.instrumentType.toUpperCase(),
    ...trimmedSpread(form),
  }));

/** A status tag colour (spec 4, "Status tag colours"). */
export type StatusTone = 'gray' | 'yellow' | 'blue' | 'green' | 'red';

/**
 * Spec 4 "Status tag colours", one line per colour:
 * gray: NEW, REQUESTED, TO_BE_DONE, TO_DO, REFRESH_MODEL_MANUAL;
 * yellow: IN_VERIFICATION, IN_AUTHORIZATION, IN_PROGRESS, FUNDS_PARTIALLY_SETTLED;
 * blue: VERIFIED, SETTLEMENT;
 * green: AUTHORIZED, APPROVED, ACTIVE, DONE, CREDIT, FUNDS_SETTLED;
 * red: REJECTED, FUNDS_NOT_AVAILABLE, REFRESH_MODEL_AUTO.
 */
const STATUS_TONES: Readonly<Record<StatusTone, readonly string[]>> = {
  gray: ['NEW', 'REQUESTED', 'TO_BE_DONE', 'TO_DO', 'REFRESH_MODEL_MANUAL'],
  yellow: ['IN_VERIFICATION', 'IN_AUTHORIZATION', 'IN_PROGRESS', 'FUNDS_PARTIALLY_SETTLED'],
  blue: ['VERIFIED', 'SETTLEMENT'],
  green: ['AUTHORIZED', 'APPROVED', 'ACTIVE', 'DONE', 'CREDIT', 'FUNDS_SETTLED'],
  red: ['REJECTED', 'FUNDS_NOT_AVAILABLE', 'REFRESH_MODEL_AUTO'],
};

function normaliseStatus(status: string): string {
  return status.trim().toUpperCase();
}

/**
 * Tag colour of a status (spec 4), or undefined for a status without a colour.
 *
 * @example statusTone('APPROVED') // 'green'
 * @example statusTone('in_verification') // 'yellow'
 * @example statusTone('PENDING') // undefined
 */
export function statusTone(status: string): StatusTone | undefined {
  const key = normaliseStatus(status);
  const tones = Object.keys(STATUS_TONES) as StatusTone[];
  return tones.find((tone) => STATUS_TONES[tone].includes(key));
}

/**
 * i18n label key of a status: `status.` + camelCase. TO_DO and TO_BE_DONE share one label
 * (spec 4: "TO_BE_DONE, TO_DO (both labelled to-be-done)").
 *
 * @example statusLabelKey('IN_VERIFICATION') // 'status.inVerification'
 * @example statusLabelKey('TO_DO') // 'status.toBeDone'
 */
export function statusLabelKey(status: string): string {
  const key = normaliseStatus(status);
  const canonical = key === 'TO_DO' ? 'TO_BE_DONE' : key;
  const camel = canonical.toLowerCase().replace(/[_-]+([a-z0-9])/g, (_match: string, c: string) => c.toUpperCase());
  return `status.${camel}`;
}

/** Which list a status slug comes from (spec 4, "Status filters map URL slugs"). */
export type StatusSlugList = 'transaction-authorization' | 'other';

/**
 * Server status for a URL slug (spec 4): "Transaction authorization: pending PENDING,
 * in-verification IN_VERIFICATION, approved APPROVED, rejected REJECTED. For non-transaction
 * lists, pending maps to PROCESSING and approved to COMPLETED." Any other slug is upper-cased
 * with '-' turned into '_'.
 *
 * @example statusFromSlug('pending', 'transaction-authorization') // 'PENDING'
 * @example statusFromSlug('pending', 'other') // 'PROCESSING'
 * @example statusFromSlug('in-verification', 'other') // 'IN_VERIFICATION'
 */
export function statusFromSlug(slug: string, list: StatusSlugList): string {
  const key = slug.trim().toLowerCase();
  if (list === 'other') {
    if (key === 'pending') return 'PROCESSING';
    if (key === 'approved') return 'COMPLETED';
  }
  return key.replace(/-/g, '_').toUpperCase();
}

function option<const V extends string>(value: V) {
  return { value, labelKey: statusLabelKey(value), tone: statusTone(value) } as const;
}

/** Spec 3: "Wallet/account status: ACTIVE, INACTIVE". */
export const WALLET_STATUSES = [option('ACTIVE'), option('INACTIVE')] as const;

/** The status value of an overview tab: it filters nothing (spec 4, "OVERVIEW (a filter only)"). */
export const OVERVIEW = 'OVERVIEW';

/**
 * Statuses a tab filters by: none for the overview tab, else its own status.
 *
 * @example tabStatusFilter('OVERVIEW') // []
 * @example tabStatusFilter('PENDING') // ['PENDING']
 */
export function tabStatusFilter(status: string | null): string[] {
  if (status === null || normaliseStatus(status) === OVERVIEW) return [];
  return [normaliseStatus(status)];
}

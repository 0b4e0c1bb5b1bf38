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
export const STATUS_TONES: Readonly<Record<StatusTone, readonly string[]>> = {
  gray: ['NEW', 'REQUESTED', 'TO_BE_DONE', 'TO_DO', 'REFRESH_MODEL_MANUAL'],
  yellow: ['IN_VERIFICATION', 'IN_AUTHORIZATION', 'IN_PROGRESS', 'FUNDS_PARTIALLY_SETTLED'],
  blue: ['VERIFIED', 'SETTLEMENT'],
  green: ['AUTHORIZED', 'APPROVED', 'ACTIVE', 'DONE', 'CREDIT', 'FUNDS_SETTLED'],
  red: ['REJECTED', 'FUNDS_NOT_AVAILABLE', 'REFRESH_MODEL_AUTO'],
};

/** Statuses whose tag carries an icon (spec 4: "REFRESH_MODEL_MANUAL (with icon)", "REFRESH_MODEL_AUTO (with icon)"). */
export const STATUSES_WITH_ICON = ['REFRESH_MODEL_MANUAL', 'REFRESH_MODEL_AUTO'] as const;

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

/** True when the status tag shows an icon. */
export function statusHasIcon(status: string): boolean {
  return (STATUSES_WITH_ICON as readonly string[]).includes(normaliseStatus(status));
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
  const camel = canonical
    .toLowerCase()
    .replace(/[_-]+([a-z0-9])/g, (_match: string, c: string) => c.toUpperCase());
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

/**
 * URL slug of a status: lower-cased, '_' turned into '-'.
 *
 * @example statusToSlug('IN_VERIFICATION') // 'in-verification'
 */
export function statusToSlug(status: string): string {
  return normaliseStatus(status).replace(/_/g, '-').toLowerCase();
}

function option<const V extends string>(value: V) {
  return { value, labelKey: statusLabelKey(value), tone: statusTone(value) } as const;
}

/** Spec 4: "Merchant authorization: PENDING_APPROVAL, ACTIVE, PAUSED, BLOCKED, EXPIRED". */
export const MERCHANT_AUTHORIZATION_STATUSES = [
  option('PENDING_APPROVAL'),
  option('ACTIVE'),
  option('PAUSED'),
  option('BLOCKED'),
  option('EXPIRED'),
] as const;

/** Spec 4: "Request: OVERVIEW (a filter only), REQUESTED, IN_VERIFICATION, VERIFIED, ON_HOLD, APPROVED, REJECTED, PENDING, CANCELLED". */
export const REQUEST_STATUSES = [
  option('OVERVIEW'),
  option('REQUESTED'),
  option('IN_VERIFICATION'),
  option('VERIFIED'),
  option('ON_HOLD'),
  option('APPROVED'),
  option('REJECTED'),
  option('PENDING'),
  option('CANCELLED'),
] as const;

/** Spec 4: "Transaction: PENDING, PROCESSING, COMPLETED, REJECTED, CANCELLED, FAILED; SOURCE_REJECTED and TARGET_REJECTED also exist". */
export const TRANSACTION_STATUSES = [
  option('PENDING'),
  option('PROCESSING'),
  option('COMPLETED'),
  option('REJECTED'),
  option('CANCELLED'),
  option('FAILED'),
  option('SOURCE_REJECTED'),
  option('TARGET_REJECTED'),
] as const;

/** Spec 4: "Payment: DRAFTED, INITIATED, PROCESSING, COMPLETED, CANCELLED, REJECTED". */
export const PAYMENT_STATUSES = [
  option('DRAFTED'),
  option('INITIATED'),
  option('PROCESSING'),
  option('COMPLETED'),
  option('CANCELLED'),
  option('REJECTED'),
] as const;

/** Spec 4: "Partner: NEW, PARTNER_ONBOARDING, IN_AUTHORIZATION, AUTHORIZED, REJECTED, NEXT_REVIEW". */
export const PARTNER_STATUSES = [
  option('NEW'),
  option('PARTNER_ONBOARDING'),
  option('IN_AUTHORIZATION'),
  option('AUTHORIZED'),
  option('REJECTED'),
  option('NEXT_REVIEW'),
] as const;

/** Spec 4: "Task: TO_DO, IN_PROGRESS, DONE". */
export const TASK_STATUSES = [option('TO_DO'), option('IN_PROGRESS'), option('DONE')] as const;

/** Spec 2: "Verification statuses: overview, in verification, approved, rejected". */
export const VERIFICATION_STATUSES = [
  option('IN_VERIFICATION'),
  option('APPROVED'),
  option('REJECTED'),
] as const;

/** Spec 3: "Wallet/account status: ACTIVE, INACTIVE". */
export const WALLET_STATUSES = [option('ACTIVE'), option('INACTIVE')] as const;

/** Spec 4: "Charge type: CHARGES or INCENTIVES". */
export const CHARGE_TYPES = [
  { value: 'CHARGES', labelKey: 'chargeType.charges' },
  { value: 'INCENTIVES', labelKey: 'chargeType.incentives' },
] as const;

export type MerchantAuthorizationStatus = (typeof MERCHANT_AUTHORIZATION_STATUSES)[number]['value'];
export type RequestStatus = (typeof REQUEST_STATUSES)[number]['value'];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]['value'];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]['value'];
export type PartnerStatus = (typeof PARTNER_STATUSES)[number]['value'];
export type TaskStatus = (typeof TASK_STATUSES)[number]['value'];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]['value'];
export type WalletStatus = (typeof WALLET_STATUSES)[number]['value'];
export type ChargeType = (typeof CHARGE_TYPES)[number]['value'];

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

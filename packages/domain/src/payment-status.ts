/**
 * The payment lifecycle: one transition table that the server enforces and the portal reads to know
 * which buttons a row offers. The spec names the statuses (DRAFTED, INITIATED, PROCESSING, COMPLETED,
 * CANCELLED, REJECTED) and leaves the transitions unshown; FAILED is a payout the bank refused.
 *
 * Money follows the state: `funds` says what the ledger does in the same database transaction as the
 * status change (hold the send amount plus fees, release the hold, or settle it).
 */
export const PAYMENT_STATUSES = ['DRAFTED', 'INITIATED', 'PROCESSING', 'COMPLETED', 'CANCELLED', 'REJECTED', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** @internal used by its tests */
export const PAYMENT_ACTIONS = ['initiate', 'process', 'reject', 'cancel', 'complete', 'fail', 'renew', 'retry', 'repush'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

/** Who acts: the merchant's staff, its TSP's staff, the bank through its callbacks, or the server's own jobs. */
export type PaymentActor = 'MERCHANT' | 'TSP' | 'BANK' | 'SYSTEM';

/** What the ledger does with the payment's money on a transition. */
export type PaymentFunds = 'hold' | 'release' | 'settle' | 'none';

export interface PaymentTransition {
  to: PaymentStatus;
  funds: PaymentFunds;
  actors: readonly PaymentActor[];
}

const PEOPLE: readonly PaymentActor[] = ['MERCHANT', 'TSP'];

/**
 * Every allowed transition; anything not listed is refused (409 INVALID_TRANSITION naming the status).
 * - initiate: a draft is sent for processing; its funds are held on the wallet.
 * - process: the TSP approves (never the merchant user who made it: maker-checker, checked by the server) and
 *   the payment goes to the payout rail; the hold stays until the bank answers.
 * - reject: a draft (merchant) or a payment awaiting its TSP (TSP) is refused; a held amount is released.
 * - cancel: before the payment reaches the bank; a held amount is released.
 * - complete / fail: the bank's answer; completing settles the hold, failing releases it.
 * - renew (`/payments/new`): a rejected or failed payment becomes a draft again.
 * - retry: a failed payment is held again and sent again, without a new approval.
 * - repush: a payment the bank has not answered is sent again; the bank keys it by payment id, so it pays once.
 * @internal used by its tests
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, Partial<Record<PaymentAction, PaymentTransition>>>> = {
  DRAFTED: {
    initiate: { to: 'INITIATED', funds: 'hold', actors: PEOPLE },
    reject: { to: 'REJECTED', funds: 'none', actors: PEOPLE },
    cancel: { to: 'CANCELLED', funds: 'none', actors: PEOPLE },
  },
  INITIATED: {
    process: { to: 'PROCESSING', funds: 'none', actors: ['TSP'] },
    reject: { to: 'REJECTED', funds: 'release', actors: ['TSP'] },
    cancel: { to: 'CANCELLED', funds: 'release', actors: PEOPLE },
  },
  PROCESSING: {
    complete: { to: 'COMPLETED', funds: 'settle', actors: ['BANK', 'SYSTEM'] },
    fail: { to: 'FAILED', funds: 'release', actors: ['BANK', 'SYSTEM'] },
    repush: { to: 'PROCESSING', funds: 'none', actors: ['TSP', 'SYSTEM'] },
  },
  COMPLETED: {},
  CANCELLED: {},
  REJECTED: {
    renew: { to: 'DRAFTED', funds: 'none', actors: PEOPLE },
  },
  FAILED: {
    renew: { to: 'DRAFTED', funds: 'none', actors: PEOPLE },
    retry: { to: 'PROCESSING', funds: 'hold', actors: PEOPLE },
  },
};

/**
 * Statuses no action leaves.
 * @internal used by its tests
 */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = PAYMENT_STATUSES.filter((s) => Object.keys(PAYMENT_TRANSITIONS[s]).length === 0);

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The transition an actor may take from a status, or null when the table refuses it.
 *
 * @example paymentTransition('INITIATED', 'process', 'TSP') // { to: 'PROCESSING', funds: 'none', actors: ['TSP'] }
 * @example paymentTransition('INITIATED', 'process', 'MERCHANT') // null
 * @example paymentTransition('COMPLETED', 'cancel', 'MERCHANT') // null
 */
export function paymentTransition(from: PaymentStatus, action: PaymentAction, actor: PaymentActor): PaymentTransition | null {
  const transition = PAYMENT_TRANSITIONS[from][action];
  return transition && transition.actors.includes(actor) ? transition : null;
}

/**
 * The actions an actor may take on a payment in a status, in table order: the buttons its row offers.
 *
 * @example paymentActions('FAILED', 'MERCHANT') // ['renew', 'retry']
 */
export function paymentActions(status: PaymentStatus, actor: PaymentActor): PaymentAction[] {
  return PAYMENT_ACTIONS.filter((action) => paymentTransition(status, action, actor) !== null);
}

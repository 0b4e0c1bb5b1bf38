import { Dec } from './money.ts';

/**
 * The transactions v2 lifecycle (top-ups, transfers, consumer payouts): one transition table that the
 * server enforces and the portal reads. The spec names the statuses and the separate source and target
 * approval steps and leaves the transitions unshown; these are ours.
 *
 * Two flows share the statuses:
 * - two-sided (TRANSFER, CONSUMER_PAYOUT): the source amount plus fees is held at creation; the source
 *   TSP approves (PENDING → PROCESSING), then the target TSP (PROCESSING → COMPLETED, both legs convert
 *   at the quote's rate). Either side may reject (SOURCE_REJECTED / TARGET_REJECTED, the hold released).
 * - single-sided (TOPUP, TOPUP_CREDIT): nothing is held (the money arrives from outside); the wallet's
 *   TSP approves (PENDING → COMPLETED, the wallet credited) or rejects (REJECTED).
 * A COMPLETED transaction is cancelled only by reversing its vouchers (funds `reverse`), never by editing them.
 */
export const TRANSACTION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'FAILED', 'SOURCE_REJECTED', 'TARGET_REJECTED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** @internal used by its tests */
export const TRANSACTION_CATEGORIES = ['TOPUP', 'TOPUP_CREDIT', 'TRANSFER', 'CONSUMER_PAYOUT'] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

/** The state of one side's approval, as the contract shows it. IN_VERIFICATION: some but not all approvals of its band. */
export type ApprovalStatus = 'PENDING' | 'IN_VERIFICATION' | 'APPROVED' | 'REJECTED';

/** @internal used by its tests */
export const TRANSACTION_ACTIONS = [
  'sourceApprove',
  'sourceReject',
  'targetApprove',
  'targetReject',
  'approve',
  'reject',
  'cancel',
  'complete',
  'fail',
] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

/** Who acts: the merchant's staff, the source wallet's TSP staff, the target wallet's TSP staff, the server's own jobs. */
export type TransactionActor = 'MERCHANT' | 'SOURCE_TSP' | 'TARGET_TSP' | 'SYSTEM';

/**
 * What the ledger does in the same database transaction as the status change:
 * hold (source amount + fees into pendingAuthorization), release (the reverse), convert (release the hold,
 * debit the source leg and fees, credit the target leg, book the margin as deal profit), credit (a top-up
 * lands on the wallet), reverse (mirror every voucher the transaction posted), none.
 */
export type TransactionFunds = 'hold' | 'release' | 'convert' | 'credit' | 'reverse' | 'none';

export type TransactionFlow = 'TWO_SIDED' | 'SINGLE_SIDED';

export interface TransactionTransition {
  to: TransactionStatus;
  funds: TransactionFunds;
  actors: readonly TransactionActor[];
}

type Table = Readonly<Record<TransactionStatus, Partial<Record<TransactionAction, TransactionTransition>>>>;

const TSPS: readonly TransactionActor[] = ['SOURCE_TSP', 'TARGET_TSP'];

/**
 * Two-sided: the merchant (or the source TSP) may cancel while nothing has converted; once COMPLETED only
 * an approved cancellation (either TSP) reverses it. FAILED is a conversion the server could not post.
 * @internal used by its tests
 */
export const TWO_SIDED_TRANSITIONS: Table = {
  PENDING: {
    sourceApprove: { to: 'PROCESSING', funds: 'none', actors: ['SOURCE_TSP'] },
    sourceReject: { to: 'SOURCE_REJECTED', funds: 'release', actors: ['SOURCE_TSP'] },
    cancel: { to: 'CANCELLED', funds: 'release', actors: ['MERCHANT', 'SOURCE_TSP'] },
  },
  PROCESSING: {
    targetApprove: { to: 'COMPLETED', funds: 'convert', actors: ['TARGET_TSP'] },
    targetReject: { to: 'TARGET_REJECTED', funds: 'release', actors: ['TARGET_TSP'] },
    cancel: { to: 'CANCELLED', funds: 'release', actors: ['MERCHANT', 'SOURCE_TSP', 'TARGET_TSP'] },
    fail: { to: 'FAILED', funds: 'release', actors: ['SYSTEM'] },
  },
  COMPLETED: {
    cancel: { to: 'CANCELLED', funds: 'reverse', actors: TSPS },
  },
  REJECTED: {},
  CANCELLED: {},
  FAILED: {},
  SOURCE_REJECTED: {},
  TARGET_REJECTED: {},
};

/**
 * Single-sided: one TSP (the wallet's, acting as SOURCE_TSP) approves or rejects; complete/fail are the
 * server's own answers for a top-up confirmed or refused by the collecting bank.
 * @internal used by its tests
 */
export const SINGLE_SIDED_TRANSITIONS: Table = {
  PENDING: {
    approve: { to: 'COMPLETED', funds: 'credit', actors: ['SOURCE_TSP'] },
    reject: { to: 'REJECTED', funds: 'none', actors: ['SOURCE_TSP'] },
    cancel: { to: 'CANCELLED', funds: 'none', actors: ['MERCHANT', 'SOURCE_TSP'] },
    complete: { to: 'COMPLETED', funds: 'credit', actors: ['SYSTEM'] },
    fail: { to: 'FAILED', funds: 'none', actors: ['SYSTEM'] },
  },
  PROCESSING: {},
  COMPLETED: {
    cancel: { to: 'CANCELLED', funds: 'reverse', actors: ['SOURCE_TSP'] },
  },
  REJECTED: {},
  CANCELLED: {},
  FAILED: {},
  SOURCE_REJECTED: {},
  TARGET_REJECTED: {},
};

export function isTransactionCategory(value: string): value is TransactionCategory {
  return (TRANSACTION_CATEGORIES as readonly string[]).includes(value);
}

export function transactionFlow(category: TransactionCategory): TransactionFlow {
  return category === 'TRANSFER' || category === 'CONSUMER_PAYOUT' ? 'TWO_SIDED' : 'SINGLE_SIDED';
}

const tableOf = (flow: TransactionFlow): Table => (flow === 'TWO_SIDED' ? TWO_SIDED_TRANSITIONS : SINGLE_SIDED_TRANSITIONS);

/**
 * The transition an actor may take, or null when the table refuses it.
 *
 * @example transactionTransition('TRANSFER', 'PENDING', 'sourceApprove', 'SOURCE_TSP') // { to: 'PROCESSING', funds: 'none', ... }
 * @example transactionTransition('TRANSFER', 'PENDING', 'targetApprove', 'TARGET_TSP') // null: the source side first
 * @example transactionTransition('TOPUP', 'PENDING', 'approve', 'SOURCE_TSP') // { to: 'COMPLETED', funds: 'credit', ... }
 */
export function transactionTransition(
  category: TransactionCategory,
  from: TransactionStatus,
  action: TransactionAction,
  actor: TransactionActor,
): TransactionTransition | null {
  const transition = tableOf(transactionFlow(category))[from][action];
  return transition && transition.actors.includes(actor) ? transition : null;
}

/**
 * The actions an actor may take on a transaction, in table order: the buttons its row offers.
 * @internal used by its tests
 */
export function transactionActions(category: TransactionCategory, status: TransactionStatus, actor: TransactionActor): TransactionAction[] {
  return TRANSACTION_ACTIONS.filter((action) => transactionTransition(category, status, action, actor) !== null);
}

/**
 * The approval action of a side for a category: the source-approval call approves a top-up's single side
 * (approve/reject) and a transfer's source side (sourceApprove/sourceReject); the target-approval call
 * only a transfer's target side.
 */
export function approvalAction(category: TransactionCategory, side: 'SOURCE' | 'TARGET', decision: 'APPROVED' | 'REJECTED'): TransactionAction | null {
  if (transactionFlow(category) === 'SINGLE_SIDED') {
    if (side === 'TARGET') return null;
    return decision === 'APPROVED' ? 'approve' : 'reject';
  }
  if (side === 'SOURCE') return decision === 'APPROVED' ? 'sourceApprove' : 'sourceReject';
  return decision === 'APPROVED' ? 'targetApprove' : 'targetReject';
}

/**
 * Where a TSP's approval band lives in its global config, and the threshold when it has none: a
 * transaction whose source amount is above it needs two distinct approvers on each side (one at or
 * below it). The server decides with it; the portal's approval rules screen shows and edits it.
 */
export const APPROVAL_BAND = { category: 'APPROVALS', key: 'dualApprovalThreshold', defaultThreshold: '100000' } as const;

/**
 * Approval bands: an amount up to the threshold needs one approver on a side; above it, two distinct
 * approvers (four eyes). A threshold of null (not configured) means one approver.
 *
 * @example approvalsNeeded('5000', '10000') // 1
 * @example approvalsNeeded('10000.01', '10000') // 2
 */
export function approvalsNeeded(amount: string, threshold: string | null): 1 | 2 {
  if (threshold === null) return 1;
  return new Dec(amount).gt(threshold) ? 2 : 1;
}

import type { z } from 'zod';
import type { approvalRecord, transaction } from '@corridor/api';
import { AUTH_TABS, approvalAction, isTransactionCategory, statusFromSlug, tabForSlug, transactionTransition, type TransactionStatus } from '@corridor/domain';

export type AuthRow = z.output<typeof transaction>;
/** One side's decision on a transaction: who, when, approved or rejected and the reason. */
export type AuthDecision = z.output<typeof approvalRecord>;

/** The two authorization lists: top-ups (single-sided) and transfers (source, then target). */
export type AuthKind = 'top-ups' | 'transfers';

export type AuthSide = 'SOURCE' | 'TARGET';

const CATEGORIES: Record<AuthKind, string[]> = { 'top-ups': ['TOPUP', 'TOPUP_CREDIT'], transfers: ['TRANSFER'] };

/** Still open for a decision: a top-up before its approval, a transfer before its target approval. */
const OPEN: TransactionStatus[] = ['PENDING', 'PROCESSING'];
const REJECTED: TransactionStatus[] = ['REJECTED', 'SOURCE_REJECTED', 'TARGET_REJECTED'];

/**
 * The list filters of a tab. A side's approval status alone would mislead: a transfer rejected at its
 * source keeps its target side PENDING, so pending and in-verification also ask for an open transaction,
 * and rejected reads the transaction's own rejected statuses.
 *
 * @example authTabQuery('transfers', 'pending') // { categories: ['TRANSFER'], approvalStatuses: ['PENDING'], statuses: ['PENDING', 'PROCESSING'] }
 */
export function authTabQuery(kind: AuthKind, slug: string): { categories: string[]; statuses?: string[]; approvalStatuses?: string[] } {
  const categories = CATEGORIES[kind];
  const tab = tabForSlug(AUTH_TABS, slug);
  if (tab.status === 'OVERVIEW') return { categories };
  const status = statusFromSlug(tab.slug, 'transaction-authorization');
  if (status === 'REJECTED') return { categories, statuses: [...REJECTED] };
  if (status === 'APPROVED') return { categories, approvalStatuses: [status] };
  return { categories, approvalStatuses: [status], statuses: [...OPEN] };
}

/** The TSP of a side: the source wallet's, or the target wallet's (a top-up's single side is its wallet's TSP). */
function tspOf(row: AuthRow, side: AuthSide): string {
  return side === 'SOURCE' ? row.serviceProviderId : (row.targetSPId ?? row.serviceProviderId);
}

/**
 * The side this TSP decides now, or null: its organisation runs that side and the transition table lets
 * that side's TSP approve from the row's status (a transfer's target waits for its source).
 *
 * @example decidingSide({ category: 'TRANSFER', status: 'PROCESSING', serviceProviderId: 'A', targetSPId: 'A', ... }, 'A') // 'TARGET'
 */
export function decidingSide(row: AuthRow, tspId: string | null | undefined): AuthSide | null {
  if (!tspId || !isTransactionCategory(row.category)) return null;
  const category = row.category;
  for (const side of ['SOURCE', 'TARGET'] as const) {
    if (tspOf(row, side) !== tspId) continue;
    const action = approvalAction(category, side, 'APPROVED');
    if (action && transactionTransition(category, row.status, action, side === 'SOURCE' ? 'SOURCE_TSP' : 'TARGET_TSP')) return side;
  }
  return null;
}

/**
 * Whether `userId` may take the row's next decision: not when they created the transaction or took its last
 * decision (maker-checker: the server refuses them with MAKER_CHECKER), so the list offers them no button.
 *
 * @example mayDecide({ createdBy: { id: 'u-2', name: 'Omar' }, ... }, { createdBy: { id: 'u-1', ... }, ... }, 'u-1') // false
 */
export function mayDecide(row: AuthRow, last: AuthDecision | undefined, userId: string | null | undefined): boolean {
  if (!userId) return true;
  return row.createdBy?.id !== userId && last?.createdBy.id !== userId;
}

/** Whether a decision left the transaction awaiting a second approver of the same side (an approval band of two). */
export function awaitsSecondApprover(answer: unknown): boolean {
  const a = answer as { sourceApprovalStatus?: unknown; targetApprovalStatus?: unknown } | null | undefined;
  return a?.sourceApprovalStatus === 'IN_VERIFICATION' || a?.targetApprovalStatus === 'IN_VERIFICATION';
}

/**
 * The sides this TSP stands on in a row (a transfer between two wallets of one TSP: both). A top-up has
 * one side, its wallet's TSP's: the source-approval call decides it.
 */
export function tspSides(row: AuthRow, tspId: string | null | undefined): AuthSide[] {
  if (!tspId) return [];
  const single = row.category === 'TOPUP' || row.category === 'TOPUP_CREDIT';
  return (single ? (['SOURCE'] as const) : (['SOURCE', 'TARGET'] as const)).filter((side) => tspOf(row, side) === tspId);
}

/** The approval call of a row's side: the merchant-transaction path for a merchant's transaction, the TSP's own otherwise. */
export function approvalCallOf(
  row: AuthRow,
  side: AuthSide,
): 'spMerchantTransactions.sourceApproval' | 'spMerchantTransactions.targetApproval' | 'spTransactions.sourceApproval' | 'spTransactions.targetApproval' {
  const area = row.merchantId ? 'spMerchantTransactions' : 'spTransactions';
  return `${area}.${side === 'SOURCE' ? 'sourceApproval' : 'targetApproval'}`;
}

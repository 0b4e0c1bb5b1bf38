import type { TransactionCategory } from '@corridor/domain';

/** Which list a screen shows: the top-ups (money loaded into a wallet) or the transfers (FX deals between wallets). */
export type TransactionKind = 'TOP_UP' | 'TRANSFER';

/** Who looks: the merchant at its own transactions, or the TSP at those on either side of it. */
export type TransactionViewer = 'MERCHANT' | 'TSP';

/** The categories each list asks for: a top-up on credit is still a top-up to the merchant. */
export const KIND_CATEGORIES: Readonly<Record<TransactionKind, readonly TransactionCategory[]>> = {
  TOP_UP: ['TOPUP', 'TOPUP_CREDIT'],
  TRANSFER: ['TRANSFER'],
};

/** The list a category belongs to (a consumer payout has no list of its own here: it reads as a transfer). */
export function kindOfCategory(category: string): TransactionKind {
  return category === 'TOPUP' || category === 'TOPUP_CREDIT' ? 'TOP_UP' : 'TRANSFER';
}

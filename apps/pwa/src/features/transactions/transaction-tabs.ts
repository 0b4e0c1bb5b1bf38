import type { TabDefinition } from '@corridor/domain';

/** Spec 1 "Transaction statuses": overview, pending, processing, completed, rejected, cancelled. */
export const TRANSACTION_TABS = [
  { slug: 'overview', labelKey: 'transactionList.tabs.overview', status: 'OVERVIEW' },
  { slug: 'pending', labelKey: 'transactionList.tabs.pending', status: 'PENDING' },
  { slug: 'processing', labelKey: 'transactionList.tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'transactionList.tabs.completed', status: 'COMPLETED' },
  { slug: 'rejected', labelKey: 'transactionList.tabs.rejected', status: 'REJECTED' },
  { slug: 'cancelled', labelKey: 'transactionList.tabs.cancelled', status: 'CANCELLED' },
] as const satisfies readonly TabDefinition[];

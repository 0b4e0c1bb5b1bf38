import type { TransactionKind, TransactionViewer } from './transaction-kind.ts';

/** Where each list lives (spec 1 menus): the merchant's under its transactions, the TSP's top-ups and deals (Transfers). */
const BASE: Readonly<Record<TransactionViewer, Record<TransactionKind, string>>> = {
  MERCHANT: { TOP_UP: '/merchant/transactions/top-ups', TRANSFER: '/merchant/transactions/transfers' },
  TSP: { TOP_UP: '/service-provider/transactions/service-provider/top-ups', TRANSFER: '/service-provider/transactions/deals' },
};

/** The pages of one list: the list and its tabs, a transaction's page and its receipt. */
export function transactionPaths(viewer: TransactionViewer, kind: TransactionKind) {
  const base = BASE[viewer][kind];
  return {
    list: viewer === 'MERCHANT' ? base : `${base}/list/overview`,
    /** A tab of the list: the merchant keeps it in `?tab=`, the TSP in the path (spec 1 menu paths). */
    tab: (slug: string) => (viewer === 'MERCHANT' ? `${base}?tab=${slug}` : `${base}/list/${slug}`),
    details: (transactionId: string) => `${base}/${encodeURIComponent(transactionId)}`,
    receipt: (transactionId: string) => `${base}/${encodeURIComponent(transactionId)}/receipt`,
  };
}

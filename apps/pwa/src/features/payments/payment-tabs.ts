import type { TabDefinition } from '@corridor/domain';

/** Spec 1 "Payment list tabs": overview, drafted, initiated, processing, completed, cancelled, rejected. */
export const PAYMENT_TABS = [
  { slug: 'overview', labelKey: 'paymentList.tabs.overview', status: 'OVERVIEW' },
  { slug: 'drafted', labelKey: 'paymentList.tabs.drafted', status: 'DRAFTED' },
  { slug: 'initiated', labelKey: 'paymentList.tabs.initiated', status: 'INITIATED' },
  { slug: 'processing', labelKey: 'paymentList.tabs.processing', status: 'PROCESSING' },
  { slug: 'completed', labelKey: 'paymentList.tabs.completed', status: 'COMPLETED' },
  { slug: 'cancelled', labelKey: 'paymentList.tabs.cancelled', status: 'CANCELLED' },
  { slug: 'rejected', labelKey: 'paymentList.tabs.rejected', status: 'REJECTED' },
] as const satisfies readonly TabDefinition[];

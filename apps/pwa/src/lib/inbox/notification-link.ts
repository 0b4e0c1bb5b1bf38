import type { NotificationItem } from '@corridor/api';
import type { PortalArea } from '@corridor/state-machines';

const AWAITING = new Set<NotificationItem['kind']>(['TOP_UP_AWAITING_APPROVAL', 'TRANSFER_AWAITING_APPROVAL', 'CREDIT_REQUEST_AWAITING_DECISION']);
const SP = '/service-provider';
const TA = `${SP}/transaction-authorization`;

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/**
 * Where a notification leads: the record it is about, or the list its decision waits in (an approval
 * waiting for a TSP opens that approval list). Null when the area has no screen for it.
 */
export function notificationHref(area: PortalArea, n: Pick<NotificationItem, 'kind' | 'subjectType' | 'subjectId' | 'params'>): string | null {
  const awaiting = AWAITING.has(n.kind);
  if (area === 'MERCHANT') {
    switch (n.subjectType) {
      case 'TOP_UP':
        return at('/merchant/transactions/top-ups', n.subjectId);
      case 'TRANSFER':
        return at('/merchant/transactions/transfers', n.subjectId);
      case 'PAYMENT':
        return at('/merchant/transactions/payments', n.subjectId);
      case 'CREDIT_REQUEST':
        return '/merchant/transactions/credit-request';
      case 'MERCHANT_PROFILE':
        return '/merchant/settings';
      case 'WALLET':
        return at('/merchant/wallet', n.subjectId);
      default:
        return null;
    }
  }
  switch (n.subjectType) {
    case 'TOP_UP':
      return awaiting ? `${TA}/service-provider/top-ups/list/pending` : at(`${SP}/transactions/service-provider/top-ups`, n.subjectId);
    case 'TRANSFER':
      return awaiting ? `${TA}/service-provider/transfers/list/pending` : at(`${SP}/transactions/deals`, n.subjectId);
    case 'PAYMENT':
      return at(`${SP}/transactions/payments`, n.subjectId);
    case 'CREDIT_REQUEST':
      return `${TA}/merchant/credit-request/list/pending`;
    case 'PARTNER':
      return `${SP}/partners`;
    case 'MERCHANT_PROFILE':
      return `${SP}/merchants/authorization/list/overview`;
    case 'WALLET':
      return at(n.params.owner === 'TSP' ? `${SP}/wallet/account` : `${SP}/wallet/merchant`, n.subjectId);
    default:
      return null;
  }
}

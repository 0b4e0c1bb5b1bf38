import { describe, expect, it } from 'vitest';
import { notificationHref } from './notification-link.ts';

describe('notificationHref', () => {
  it('opens the record for a merchant and the waiting list for a TSP approval', () => {
    const topUp = { kind: 'TOP_UP_AWAITING_APPROVAL', subjectType: 'TOP_UP', subjectId: 'TXN 1', params: {} } as const;
    expect(notificationHref('MERCHANT', topUp)).toBe('/merchant/transactions/top-ups/TXN%201');
    expect(notificationHref('SERVICE_PROVIDER', topUp)).toBe('/service-provider/transaction-authorization/service-provider/top-ups/list/pending');
    expect(notificationHref('SERVICE_PROVIDER', { ...topUp, kind: 'TRANSACTION_APPROVED' })).toBe(
      '/service-provider/transactions/service-provider/top-ups/TXN%201',
    );
    const wallet = { kind: 'BANK_CREDIT', subjectType: 'WALLET', subjectId: 'w1', params: { owner: 'TSP' } } as const;
    expect(notificationHref('SERVICE_PROVIDER', wallet)).toBe('/service-provider/wallet/account/w1');
    expect(notificationHref('MERCHANT', { ...wallet, kind: 'PARTNER_STATUS_CHANGED', subjectType: 'PARTNER' })).toBeNull();
  });
});

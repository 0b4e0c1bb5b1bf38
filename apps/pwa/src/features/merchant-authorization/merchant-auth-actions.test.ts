import { describe, expect, it } from 'vitest';
import { actionsFor, decisionBody, endField, heldByFourEyes, tabStatus, type MerchantAuthRow } from './merchant-auth-actions.ts';

const row = (over: Partial<MerchantAuthRow>): MerchantAuthRow => ({
  merchantServiceId: 'm-1',
  name: 'Hooli Services',
  merchantProfileStatus: 'ACTIVE',
  merchantProfileId: 'p-1',
  walletCount: 1,
  currencies: ['USD'],
  ...over,
});
const decision = (toStatus: string, byId: string) => ({
  action: 'BLOCK',
  fromStatus: 'ACTIVE',
  toStatus,
  reason: 'x',
  expiresAt: null,
  by: { id: byId, name: 'Amira Haddad' },
  at: '2026-12-01T10:00:00.000Z',
});

describe('merchant authorization actions', () => {
  it('maps each tab to the status it filters by; the overview and unknown slugs filter by none', () => {
    expect(['overview', 'pending-approval', 'active', 'blocked', 'expired', 'paused', 'nope'].map(tabStatus)).toEqual([
      undefined,
      'PENDING_APPROVAL',
      'ACTIVE',
      'BLOCKED',
      'EXPIRED',
      'PAUSED',
      undefined,
    ]);
  });

  it('offers only the moves the server allows from each status', () => {
    expect(actionsFor(row({ merchantProfileStatus: 'PENDING_APPROVAL' }), 'u-2')).toEqual(['approve', 'block']);
    expect(actionsFor(row({ merchantProfileStatus: 'ACTIVE' }), 'u-2')).toEqual(['pause', 'block']);
    expect(actionsFor(row({ merchantProfileStatus: 'PAUSED' }), 'u-2')).toEqual(['unpause', 'block']);
    expect(actionsFor(row({ merchantProfileStatus: 'EXPIRED' }), 'u-2')).toEqual(['renew', 'block']);
    expect(actionsFor(row({ merchantProfileStatus: 'BLOCKED' }), 'u-2')).toEqual(['unblock']);
    expect(actionsFor(row({ merchantProfileId: null }), 'u-2')).toEqual([]);
    expect(actionsFor(row({ merchantProfileStatus: null }), 'u-2')).toEqual([]);
  });

  it('keeps four eyes: the submitter does not approve, the user who blocked does not unblock', () => {
    const pending = row({ merchantProfileStatus: 'PENDING_APPROVAL', submittedBy: { id: 'u-1', name: 'Karim Nasser' } });
    expect(actionsFor(pending, 'u-1')).toEqual(['block']);
    expect(heldByFourEyes(pending, 'u-1')).toBe(true);
    expect(heldByFourEyes(pending, 'u-2')).toBe(false);
    const blocked = row({ merchantProfileStatus: 'BLOCKED', lastDecision: decision('BLOCKED', 'u-1') });
    expect(actionsFor(blocked, 'u-1')).toEqual([]);
    expect(actionsFor(blocked, 'u-2')).toEqual(['unblock']);
    expect(heldByFourEyes(blocked, 'u-1')).toBe(true);
  });

  it('asks for the new end where the decision makes the merchant active, and sends it as the end of that day', () => {
    expect((['renew', 'approve', 'unpause', 'unblock', 'pause', 'block'] as const).map(endField)).toEqual([
      'required',
      'optional',
      'optional',
      'optional',
      'none',
      'none',
    ]);
    expect(decisionBody('renew', '  New contract ', '2027-06-30')).toEqual({
      profileStatus: 'ACTIVE',
      reason: 'New contract',
      authorizationExpiresAt: '2027-06-30T23:59:59.000Z',
    });
    expect(decisionBody('pause', 'Review', undefined)).toEqual({ profileStatus: 'PAUSED', reason: 'Review' });
  });
});

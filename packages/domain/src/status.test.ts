import { describe, expect, it } from 'vitest';
import { statusFromSlug, statusLabelKey, statusTone, tabStatusFilter, WALLET_STATUSES } from './status.ts';

describe('statusTone — spec 4 "Status tag colours"', () => {
  it('"gray: NEW, REQUESTED, TO_BE_DONE, TO_DO (both labelled to-be-done), REFRESH_MODEL_MANUAL (with icon)"', () => {
    for (const s of ['NEW', 'REQUESTED', 'TO_BE_DONE', 'TO_DO', 'REFRESH_MODEL_MANUAL']) expect(statusTone(s)).toBe('gray');
  });
  it('"yellow: IN_VERIFICATION, IN_AUTHORIZATION, IN_PROGRESS, FUNDS_PARTIALLY_SETTLED"', () => {
    for (const s of ['IN_VERIFICATION', 'IN_AUTHORIZATION', 'IN_PROGRESS', 'FUNDS_PARTIALLY_SETTLED']) {
      expect(statusTone(s)).toBe('yellow');
    }
  });
  it('"blue: VERIFIED, SETTLEMENT"', () => {
    expect(statusTone('VERIFIED')).toBe('blue');
    expect(statusTone('SETTLEMENT')).toBe('blue');
  });
  it('"green: AUTHORIZED, APPROVED, ACTIVE, DONE, CREDIT, FUNDS_SETTLED"', () => {
    for (const s of ['AUTHORIZED', 'APPROVED', 'ACTIVE', 'DONE', 'CREDIT', 'FUNDS_SETTLED']) expect(statusTone(s)).toBe('green');
  });
  it('"red: REJECTED, FUNDS_NOT_AVAILABLE, REFRESH_MODEL_AUTO (with icon)"', () => {
    for (const s of ['REJECTED', 'FUNDS_NOT_AVAILABLE', 'REFRESH_MODEL_AUTO']) expect(statusTone(s)).toBe('red');
  });
  it('has no colour for other statuses, and reads any case', () => {
    expect(statusTone('PENDING')).toBeUndefined();
    expect(statusTone('')).toBeUndefined();
    expect(statusTone('approved')).toBe('green');
    expect(statusTone(' in_verification ')).toBe('yellow');
  });
  it('labels TO_DO and TO_BE_DONE alike ("both labelled to-be-done")', () => {
    expect(statusLabelKey('TO_DO')).toBe('status.toBeDone');
    expect(statusLabelKey('TO_BE_DONE')).toBe('status.toBeDone');
    expect(statusLabelKey('IN_VERIFICATION')).toBe('status.inVerification');
  });
});

describe('statusFromSlug — spec 4: "Transaction authorization: pending PENDING, in-verification IN_VERIFICATION, approved APPROVED, rejected REJECTED. For non-transaction lists, pending maps to PROCESSING and approved to COMPLETED."', () => {
  it('maps transaction-authorization slugs', () => {
    expect(statusFromSlug('pending', 'transaction-authorization')).toBe('PENDING');
    expect(statusFromSlug('in-verification', 'transaction-authorization')).toBe('IN_VERIFICATION');
    expect(statusFromSlug('approved', 'transaction-authorization')).toBe('APPROVED');
    expect(statusFromSlug('rejected', 'transaction-authorization')).toBe('REJECTED');
  });
  it('maps pending to PROCESSING and approved to COMPLETED for other lists', () => {
    expect(statusFromSlug('pending', 'other')).toBe('PROCESSING');
    expect(statusFromSlug('approved', 'other')).toBe('COMPLETED');
    expect(statusFromSlug('in-verification', 'other')).toBe('IN_VERIFICATION');
    expect(statusFromSlug('rejected', 'other')).toBe('REJECTED');
    expect(statusFromSlug('pending-approval', 'other')).toBe('PENDING_APPROVAL');
    expect(statusFromSlug('Cancelled', 'other')).toBe('CANCELLED');
  });
});

describe('status sets — spec 4 "Status sets"', () => {
  const values = (set: readonly { value: string }[]) => set.map((s) => s.value);

  it('"Wallet/account status: ACTIVE, INACTIVE", with label keys and tag colours', () => {
    expect(values(WALLET_STATUSES)).toEqual(['ACTIVE', 'INACTIVE']);
    expect(WALLET_STATUSES[0]).toEqual({ value: 'ACTIVE', labelKey: 'status.active', tone: 'green' });
    expect(WALLET_STATUSES[1]).toEqual({ value: 'INACTIVE', labelKey: 'status.inactive', tone: undefined });
  });
  it('the overview tab filters nothing ("OVERVIEW (a filter only)")', () => {
    expect(tabStatusFilter('OVERVIEW')).toEqual([]);
    expect(tabStatusFilter(null)).toEqual([]);
    expect(tabStatusFilter('pending')).toEqual(['PENDING']);
  });
});

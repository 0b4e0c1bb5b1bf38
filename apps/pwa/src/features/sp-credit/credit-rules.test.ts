import { describe, expect, it } from 'vitest';
import { approvalSteps, isDecidable, isReasonValid, validateApprovedAmount, validateValidity } from './credit-decision.ts';
import { AWAITING_DECISION, creditTabStatuses } from './credit-tabs.ts';

describe('credit request tabs', () => {
  it('maps slugs through the transaction-authorization statuses', () => {
    expect(creditTabStatuses('approved')).toEqual(['APPROVED']);
    expect(creditTabStatuses('in-verification')).toEqual(['IN_VERIFICATION']);
    expect(creditTabStatuses('rejected')).toEqual(['REJECTED']);
    expect(creditTabStatuses('overview')).toEqual([]);
  });

  it('the pending tab is the work queue: everything still awaiting the TSP', () => {
    expect(creditTabStatuses('pending')).toEqual([...AWAITING_DECISION]);
    expect(creditTabStatuses('pending')).toContain('REQUESTED');
  });

  it('an unknown slug falls back to the first tab (overview)', () => {
    expect(creditTabStatuses('nonsense')).toEqual([]);
  });
});

describe('credit decisions', () => {
  it('approving a fresh request verifies it first', () => {
    expect(approvalSteps('REQUESTED')).toEqual(['IN_VERIFICATION', 'APPROVED']);
    expect(approvalSteps('IN_VERIFICATION')).toEqual(['APPROVED']);
    expect(approvalSteps('ON_HOLD')).toEqual(['APPROVED']);
  });

  it('only open requests can be decided', () => {
    expect(isDecidable('REQUESTED')).toBe(true);
    expect(isDecidable('ON_HOLD')).toBe(true);
    expect(isDecidable('APPROVED')).toBe(false);
    expect(isDecidable('REJECTED')).toBe(false);
  });

  it('the approved limit is a positive decimal no larger than the request', () => {
    const request = { amount: '50000.00' };
    expect(validateApprovedAmount('', request)).toBe('required');
    expect(validateApprovedAmount('0', request)).toBe('positive');
    expect(validateApprovedAmount('1e3', request)).toBe('positive');
    expect(validateApprovedAmount('50000.01', request)).toBe('aboveRequested');
    expect(validateApprovedAmount('50000', request)).toBeNull();
    expect(validateApprovedAmount('0.1', request)).toBeNull();
  });

  it('a rejection needs a reason', () => {
    expect(isReasonValid('   ')).toBe(false);
    expect(isReasonValid('Turnover too low')).toBe(true);
  });
});

describe('granted validity', () => {
  it('needs both dates, the start not after the end', () => {
    expect(validateValidity('', '2027-01-31')).toBe('required');
    expect(validateValidity('2027-02-01', '2027-01-31')).toBe('startAfterEnd');
    expect(validateValidity('2027-01-31', '2027-01-31')).toBeNull();
  });
});

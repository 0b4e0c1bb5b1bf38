import { describe, expect, it } from 'vitest';
import { movesMoney, needsDetails, rowActions } from './payment-row-actions.ts';

describe('rowActions', () => {
  it('offers the merchant initiate, reject and cancel on a draft, cancel while initiated, retry and renew after a failure', () => {
    expect(rowActions('DRAFTED', 'MERCHANT')).toEqual(['initiate', 'reject', 'cancel']);
    expect(rowActions('INITIATED', 'MERCHANT')).toEqual(['cancel']);
    expect(rowActions('PROCESSING', 'MERCHANT')).toEqual([]);
    expect(rowActions('FAILED', 'MERCHANT')).toEqual(['renew', 'retry']);
    expect(rowActions('REJECTED', 'MERCHANT')).toEqual(['renew']);
    expect(rowActions('COMPLETED', 'MERCHANT')).toEqual([]);
    expect(rowActions('CANCELLED', 'MERCHANT')).toEqual([]);
  });

  it('offers the TSP process and reject while initiated, re-push while processing, no retry', () => {
    expect(rowActions('INITIATED', 'TSP')).toEqual(['process', 'reject', 'cancel']);
    expect(rowActions('PROCESSING', 'TSP')).toEqual(['repush']);
    expect(rowActions('FAILED', 'TSP')).toEqual(['renew']);
    expect(rowActions('COMPLETED', 'TSP')).toEqual([]);
  });
});

describe('what is asked first', () => {
  it('cancel and reject open the extra-details modal', () => {
    expect(needsDetails('cancel')).toBe('cancel');
    expect(needsDetails('reject')).toBe('reject');
    expect(needsDetails('retry')).toBeNull();
  });

  it('confirms what holds funds or sends the payment to the bank', () => {
    expect(movesMoney('DRAFTED', 'initiate', 'MERCHANT')).toBe(true);
    expect(movesMoney('FAILED', 'retry', 'MERCHANT')).toBe(true);
    expect(movesMoney('INITIATED', 'process', 'TSP')).toBe(true);
    expect(movesMoney('PROCESSING', 'repush', 'TSP')).toBe(true);
    expect(movesMoney('FAILED', 'renew', 'MERCHANT')).toBe(false);
    expect(movesMoney('INITIATED', 'process', 'MERCHANT')).toBe(false);
  });
});

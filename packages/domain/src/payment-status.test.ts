import { describe, expect, it } from 'vitest';
import {
  FINAL_PAYMENT_STATUSES,
  PAYMENT_ACTIONS,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  paymentActions,
  paymentTransition,
  type PaymentAction,
  type PaymentActor,
  type PaymentFunds,
  type PaymentStatus,
} from './payment-status.ts';

const ACTORS: readonly PaymentActor[] = ['MERCHANT', 'TSP', 'BANK', 'SYSTEM'];

/** The whole table written out once more by hand: status → action → [to, funds, actors]. */
const EXPECTED: Record<string, [PaymentStatus, PaymentFunds, PaymentActor[]]> = {
  'DRAFTED initiate': ['INITIATED', 'hold', ['MERCHANT', 'TSP']],
  'DRAFTED reject': ['REJECTED', 'none', ['MERCHANT', 'TSP']],
  'DRAFTED cancel': ['CANCELLED', 'none', ['MERCHANT', 'TSP']],
  'INITIATED process': ['PROCESSING', 'none', ['TSP']],
  'INITIATED reject': ['REJECTED', 'release', ['TSP']],
  'INITIATED cancel': ['CANCELLED', 'release', ['MERCHANT', 'TSP']],
  'PROCESSING complete': ['COMPLETED', 'settle', ['BANK', 'SYSTEM']],
  'PROCESSING fail': ['FAILED', 'release', ['BANK', 'SYSTEM']],
  'PROCESSING repush': ['PROCESSING', 'none', ['TSP', 'SYSTEM']],
  'REJECTED renew': ['DRAFTED', 'none', ['MERCHANT', 'TSP']],
  'FAILED renew': ['DRAFTED', 'none', ['MERCHANT', 'TSP']],
  'FAILED retry': ['PROCESSING', 'hold', ['MERCHANT', 'TSP']],
};

describe('payment transition table', () => {
  // Every status × every action × every actor: allowed exactly where the hand-written table says.
  for (const status of PAYMENT_STATUSES) {
    for (const action of PAYMENT_ACTIONS) {
      for (const actor of ACTORS) {
        const expected = EXPECTED[`${status} ${action}`];
        const allowed = expected !== undefined && expected[2].includes(actor);
        it(`${status} --${action} by ${actor}--> ${allowed ? expected[0] : 'refused'}`, () => {
          const transition = paymentTransition(status, action, actor);
          if (allowed) {
            expect(transition).toEqual({ to: expected[0], funds: expected[1], actors: expected[2] });
          } else {
            expect(transition).toBeNull();
          }
        });
      }
    }
  }

  it('has no transition the hand-written table lacks', () => {
    const listed = PAYMENT_STATUSES.flatMap((s) => Object.keys(PAYMENT_TRANSITIONS[s]).map((a) => `${s} ${a}`));
    expect(listed.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('ends in COMPLETED and CANCELLED only', () => {
    expect(FINAL_PAYMENT_STATUSES).toEqual(['COMPLETED', 'CANCELLED']);
  });

  it('releases every hold it makes: each path from a hold to a final or refused status releases or settles once', () => {
    // Walk every path from DRAFTED (bounded length) and count the money held at each step.
    const walk = (status: PaymentStatus, held: number, depth: number): void => {
      if (depth > 6) return;
      for (const action of Object.keys(PAYMENT_TRANSITIONS[status]) as PaymentAction[]) {
        const t = PAYMENT_TRANSITIONS[status][action]!;
        const next = t.funds === 'hold' ? held + 1 : t.funds === 'release' || t.funds === 'settle' ? held - 1 : held;
        expect(next === 0 || next === 1, `${status} --${action}--> ${t.to} holds ${next}`).toBe(true);
        if (['DRAFTED', 'REJECTED', 'FAILED', 'CANCELLED', 'COMPLETED'].includes(t.to)) expect(next).toBe(0);
        if (['INITIATED', 'PROCESSING'].includes(t.to)) expect(next).toBe(1);
        walk(t.to, next, depth + 1);
      }
    };
    walk('DRAFTED', 0, 0);
  });

  it('offers a row the actions of its status for its viewer', () => {
    expect(paymentActions('DRAFTED', 'MERCHANT')).toEqual(['initiate', 'reject', 'cancel']);
    expect(paymentActions('INITIATED', 'MERCHANT')).toEqual(['cancel']);
    expect(paymentActions('INITIATED', 'TSP')).toEqual(['process', 'reject', 'cancel']);
    expect(paymentActions('PROCESSING', 'TSP')).toEqual(['repush']);
    expect(paymentActions('FAILED', 'MERCHANT')).toEqual(['renew', 'retry']);
    expect(paymentActions('COMPLETED', 'TSP')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  SINGLE_SIDED_TRANSITIONS,
  TRANSACTION_ACTIONS,
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  TWO_SIDED_TRANSITIONS,
  approvalAction,
  approvalsNeeded,
  transactionActions,
  transactionFlow,
  transactionTransition,
  type TransactionAction,
  type TransactionActor,
  type TransactionFunds,
  type TransactionStatus,
} from './transaction-status.ts';

const ACTORS: readonly TransactionActor[] = ['MERCHANT', 'SOURCE_TSP', 'TARGET_TSP', 'SYSTEM'];

/** Both tables written out once more by hand: status → action → [to, funds, actors]. */
const TWO: Record<string, [TransactionStatus, TransactionFunds, TransactionActor[]]> = {
  'PENDING sourceApprove': ['PROCESSING', 'none', ['SOURCE_TSP']],
  'PENDING sourceReject': ['SOURCE_REJECTED', 'release', ['SOURCE_TSP']],
  'PENDING cancel': ['CANCELLED', 'release', ['MERCHANT', 'SOURCE_TSP']],
  'PROCESSING targetApprove': ['COMPLETED', 'convert', ['TARGET_TSP']],
  'PROCESSING targetReject': ['TARGET_REJECTED', 'release', ['TARGET_TSP']],
  'PROCESSING cancel': ['CANCELLED', 'release', ['MERCHANT', 'SOURCE_TSP', 'TARGET_TSP']],
  'PROCESSING fail': ['FAILED', 'release', ['SYSTEM']],
  'COMPLETED cancel': ['CANCELLED', 'reverse', ['SOURCE_TSP', 'TARGET_TSP']],
};
const SINGLE: Record<string, [TransactionStatus, TransactionFunds, TransactionActor[]]> = {
  'PENDING approve': ['COMPLETED', 'credit', ['SOURCE_TSP']],
  'PENDING reject': ['REJECTED', 'none', ['SOURCE_TSP']],
  'PENDING cancel': ['CANCELLED', 'none', ['MERCHANT', 'SOURCE_TSP']],
  'PENDING complete': ['COMPLETED', 'credit', ['SYSTEM']],
  'PENDING fail': ['FAILED', 'none', ['SYSTEM']],
  'COMPLETED cancel': ['CANCELLED', 'reverse', ['SOURCE_TSP']],
};

describe('transaction transition table', () => {
  // Every category × status × action × actor: allowed exactly where the hand-written tables say.
  for (const category of TRANSACTION_CATEGORIES) {
    const expectedTable = transactionFlow(category) === 'TWO_SIDED' ? TWO : SINGLE;
    for (const status of TRANSACTION_STATUSES) {
      for (const action of TRANSACTION_ACTIONS) {
        for (const actor of ACTORS) {
          const expected = expectedTable[`${status} ${action}`];
          const allowed = expected !== undefined && expected[2].includes(actor);
          it(`${category} ${status} --${action} by ${actor}--> ${allowed ? expected[0] : 'refused'}`, () => {
            const t = transactionTransition(category, status, action, actor);
            if (allowed) expect(t).toEqual({ to: expected[0], funds: expected[1], actors: expected[2] });
            else expect(t).toBeNull();
          });
        }
      }
    }
  }

  it('has no transition the hand-written tables lack', () => {
    const listed = (table: typeof TWO_SIDED_TRANSITIONS) => TRANSACTION_STATUSES.flatMap((s) => Object.keys(table[s]).map((a) => `${s} ${a}`)).sort();
    expect(listed(TWO_SIDED_TRANSITIONS)).toEqual(Object.keys(TWO).sort());
    expect(listed(SINGLE_SIDED_TRANSITIONS)).toEqual(Object.keys(SINGLE).sort());
  });

  it('transfers and payouts are two-sided, top-ups single-sided', () => {
    expect(TRANSACTION_CATEGORIES.map(transactionFlow)).toEqual(['SINGLE_SIDED', 'SINGLE_SIDED', 'TWO_SIDED', 'TWO_SIDED']);
  });

  it('a two-sided hold is released or converted exactly once on every path', () => {
    const walk = (status: TransactionStatus, held: number, converted: number, depth: number): void => {
      if (depth > 5) return;
      for (const action of Object.keys(TWO_SIDED_TRANSITIONS[status]) as TransactionAction[]) {
        const t = TWO_SIDED_TRANSITIONS[status][action]!;
        const h = t.funds === 'release' || t.funds === 'convert' ? held - 1 : held;
        const c = t.funds === 'convert' ? converted + 1 : t.funds === 'reverse' ? converted - 1 : converted;
        expect(h === 0 || h === 1, `${status} --${action}--> holds ${h}`).toBe(true);
        expect(c === 0 || c === 1, `${status} --${action}--> converted ${c}`).toBe(true);
        if (['PENDING', 'PROCESSING'].includes(t.to)) expect(h).toBe(1);
        else expect(h).toBe(0);
        if (t.to === 'COMPLETED') expect(c).toBe(1);
        else expect(c).toBe(0);
        walk(t.to, h, c, depth + 1);
      }
    };
    walk('PENDING', 1, 0, 0); // created with its hold
  });

  it('maps each approval call to its action, refusing a target side on a top-up', () => {
    expect(approvalAction('TRANSFER', 'SOURCE', 'APPROVED')).toBe('sourceApprove');
    expect(approvalAction('TRANSFER', 'TARGET', 'REJECTED')).toBe('targetReject');
    expect(approvalAction('TOPUP', 'SOURCE', 'APPROVED')).toBe('approve');
    expect(approvalAction('TOPUP_CREDIT', 'SOURCE', 'REJECTED')).toBe('reject');
    expect(approvalAction('TOPUP', 'TARGET', 'APPROVED')).toBeNull();
  });

  it('offers each viewer the buttons of a row', () => {
    expect(transactionActions('TRANSFER', 'PENDING', 'SOURCE_TSP')).toEqual(['sourceApprove', 'sourceReject', 'cancel']);
    expect(transactionActions('TRANSFER', 'PENDING', 'TARGET_TSP')).toEqual([]);
    expect(transactionActions('TRANSFER', 'PROCESSING', 'MERCHANT')).toEqual(['cancel']);
    expect(transactionActions('TOPUP', 'PENDING', 'SOURCE_TSP')).toEqual(['approve', 'reject', 'cancel']);
    expect(transactionActions('TOPUP', 'REJECTED', 'SOURCE_TSP')).toEqual([]);
  });

  it('needs two approvers strictly above the band threshold', () => {
    expect(approvalsNeeded('10000', '10000')).toBe(1);
    expect(approvalsNeeded('10000.01', '10000')).toBe(2);
    expect(approvalsNeeded('1000000', null)).toBe(1);
  });
});

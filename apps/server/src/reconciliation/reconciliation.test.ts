import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@corridor/domain';
import { post } from '../ledger/ledger-service.ts';
import { callAs, expectField } from '../test/calls.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { orgIdsByCode, walletPosition } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { wallets } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

/*
 * Reconciliation of Meridian's demo settlements (seed/demo-reconciliation.ts): one reconciled day, one settlement
 * paid out twice (an excess), one dated in the past and never posted (unsettled). Oliver and Priya are Meridian's
 * two users: resolving with a reason is one person's act, an adjustment moves money and takes both.
 */

interface Day {
  walletId: string;
  currency: string;
  settlementDate: string;
  expectedAmount: string;
  settledAmount: string;
  excessAmount: string;
  exceptions: number;
  openExceptions: number;
  isReconciled: boolean;
  status: string;
  settlementTransactionIds: string[];
}
interface Exception {
  id: string;
  kind: string;
  status: string;
  settlementTransactionId: string;
  walletId: string;
  currency: string;
  settlementDate: string;
  expectedAmount: string;
  settledAmount: string;
  differenceAmount: string;
  reason: string | null;
  adjustment: boolean;
  requestedBy: string | null;
  requestedAt: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  adjustmentVoucherNo: string | null;
}

const R = '/v1/service-provider/reconciliation';
let s: TestServer;
let oliver: string;
let priya: string;
let amira: string;
let stark: string;

const get = async <T>(url: string, token = oliver): Promise<T> => {
  const res = await callAs(s, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const exceptions = async (q = '') => (await get<{ content: Exception[] }>(`${R}/exceptions?size=100${q}`)).content;
const days = async (q = '') => get<Day[]>(`${R}/days${q}`);
const act = (id: string, what: 'resolve' | 'approve' | 'reject', token: string, payload?: object, headers: Record<string, string> = {}) =>
  callAs(s, 'POST', `${R}/exceptions/${id}/${what}`, token, payload, headers);
const balance = async (walletId: string) => (await walletPosition(s.services.db, walletId)).balance;

beforeAll(async () => {
  s = await startTestServer();
  [oliver, priya, amira, stark] = await Promise.all([s.token('200000002'), s.token('200000012'), s.token('200000001'), s.token('100000004')]);
}, 120_000);

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('the demo days', () => {
  it('shows', async () => {
    console.log(JSON.stringify(await days(), null, 1));
    console.log(JSON.stringify(await exceptions(), null, 1));
    const c1 = (await get<{ content: unknown[] }>('/sp/v2/transactions/merchant-charges?size=200&isPayable=true', amira)).content;
    const c2 = (await get<{ content: unknown[] }>('/sp/v2/transactions/merchant-charges?size=200&isPayable=true', oliver)).content;
    console.log(JSON.stringify({ c1, c2 }, null, 1));
  });
});

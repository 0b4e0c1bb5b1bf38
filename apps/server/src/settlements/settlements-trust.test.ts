import { afterAll, beforeAll, describe, it } from 'vitest';
import { and, asc, eq, or, isNull } from 'drizzle-orm';
import { seededUsers } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectRefusal, trustWorld, type Refusal, type TrustRow, type TrustWorld } from '../test/trust.ts';
import { transactionsV2 } from '../transactions/transaction-schema.ts';

/*
 * Settlements, net-offs, balance resets and linked transactions: every call refuses another organisation's
 * id (404 naming the field) and malformed input (400 naming the field). Atlas acts; Meridian's wallets,
 * merchants and transactions are the foreign ones.
 */

let s: TestServer;
let u: Awaited<ReturnType<typeof seededUsers>>;
let ops: string;
let w: TrustWorld;
/** Two transactions only Meridian runs (both sides), and one only Atlas runs. */
let meridianTx: string[];
let atlasTx: string;

/** The transactionIds of transactions whose both sides are the TSP's. */
async function onlyOf(tspId: string): Promise<string[]> {
  const rows = await s.services.db
    .select({ id: transactionsV2.transactionId })
    .from(transactionsV2)
    .where(and(eq(transactionsV2.serviceProviderId, tspId), or(isNull(transactionsV2.targetSpId), eq(transactionsV2.targetSpId, tspId))))
    .orderBy(asc(transactionsV2.createdAt))
    .limit(2);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  s = await startTestServer();
  u = await seededUsers(s);
  ops = await s.token('900000001');
  w = await trustWorld(s.services.db);
  meridianTx = await onlyOf(w.orgs.get('MERIDIAN') ?? '');
  atlasTx = (await onlyOf(w.orgs.get('ATLAS') ?? ''))[0] ?? '';
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const T = '/tsp/v2/transactions';
const org = (code: string) => w.orgs.get(code) ?? '';
const asAtlas = (method: Refusal['method'], url: string, payload: unknown, status: 404 | 400, field: string): Refusal => ({
  method,
  url,
  token: u.atlas,
  payload,
  status,
  field,
});
const settlement = (over: Record<string, unknown>) => ({
  merchantServiceId: org('GLOBEX'),
  spWalletId: w.atlasUsd,
  msWalletId: w.globexUsd,
  currency: 'USD',
  amount: '1',
  ...over,
});
const linked = (over: Record<string, unknown>) => ({ mainTransactionId: atlasTx, linkedWalletId: w.atlasUsd, amount: '1', currency: 'USD', ...over });

const rows: TrustRow[] = [
  [
    'settlements.settleFx: another TSP’s merchant',
    () => asAtlas('POST', `${T}/settlement/fx`, settlement({ merchantServiceId: org('STARK'), msWalletId: w.starkUsd }), 404, 'merchantServiceId'),
  ],
  ['settlements.settleFx: another TSP’s wallet', () => asAtlas('POST', `${T}/settlement/fx`, settlement({ spWalletId: w.meridianUsd }), 404, 'spWalletId')],
  ['settlements.settleFx: exponent amount', () => asAtlas('POST', `${T}/settlement/fx`, settlement({ amount: '1e400' }), 400, 'amount')],
  [
    'settlements.updateFx: a settlement not of this TSP',
    () => asAtlas('PUT', `${T}/settlement/fx`, settlement({ settlementTransactionId: 'FXS-20260101-MERIDIAN01' }), 404, 'settlementTransactionId'),
  ],
  [
    'settlements.updateFx: NUL in the settlement id',
    () => asAtlas('PUT', `${T}/settlement/fx`, settlement({ settlementTransactionId: 'a\u0000b' }), 400, 'settlementTransactionId'),
  ],
  [
    'settlements.settleRebate: another merchant’s wallet',
    () => asAtlas('POST', `${T}/settlement/rebate`, settlement({ msWalletId: w.starkUsd }), 404, 'msWalletId'),
  ],
  ['settlements.settleRebate: more decimals than USD has', () => asAtlas('POST', `${T}/settlement/rebate`, settlement({ amount: '1.123' }), 400, 'amount')],
  [
    'settlements.settleRebate: 25-digit amount',
    () => asAtlas('POST', `${T}/settlement/rebate`, settlement({ amount: '1234567890123456789012345' }), 400, 'amount'),
  ],
  [
    'settlements.updateRebate: a settlement not of this TSP',
    () => asAtlas('PUT', `${T}/settlement/rebate`, settlement({ settlementTransactionId: 'RBS-20260101-NOSUCH0001' }), 404, 'settlementTransactionId'),
  ],
  [
    'settlements.updateRebate: currency that is not a code',
    () => asAtlas('PUT', `${T}/settlement/rebate`, settlement({ settlementTransactionId: 'RBS-1', currency: 'DOLLARS' }), 400, 'currency'),
  ],
  [
    'settlements.netOff: another TSP’s wallet',
    () => asAtlas('POST', `${T}/net-off`, { spWalletId: w.meridianUsd, transactionIds: ['a', 'b'] }, 404, 'spWalletId'),
  ],
  [
    'settlements.netOff: another TSP’s transactions',
    () => asAtlas('POST', `${T}/net-off`, { spWalletId: w.atlasUsd, transactionIds: meridianTx }, 404, 'transactionIds'),
  ],
  [
    'settlements.netOff: impossible value date',
    () => asAtlas('POST', `${T}/net-off`, { spWalletId: w.atlasUsd, transactionIds: meridianTx, valueDate: '2026-02-30' }, 400, 'valueDate'),
  ],
  [
    'spTransactions.netoff: another TSP’s transactions',
    () => asAtlas('POST', '/v2/sp/transactions/netoff', { spWalletId: w.atlasUsd, transactionIds: meridianTx }, 404, 'transactionIds'),
  ],
  [
    'spTransactions.netoff: one transaction',
    () => asAtlas('POST', '/v2/sp/transactions/netoff', { spWalletId: w.atlasUsd, transactionIds: ['one'] }, 400, 'transactionIds'),
  ],
  [
    'settlements.netOffCandidates: another TSP’s wallet',
    () => asAtlas('GET', `${T}/net-off/candidates?spWalletId=${w.meridianUsd}`, undefined, 404, 'spWalletId'),
  ],
  [
    'settlements.netOffCandidates: a merchant’s wallet',
    () => asAtlas('GET', `${T}/net-off/candidates?spWalletId=${w.globexUsd}`, undefined, 404, 'spWalletId'),
  ],
  [
    'settlements.netOffCandidates: impossible date',
    () => asAtlas('GET', `${T}/net-off/candidates?spWalletId=${w.atlasUsd}&fromDate=2026-02-30`, undefined, 400, 'fromDate'),
  ],
  [
    'settlements.creditNetOffPreview: another TSP’s wallet',
    () => asAtlas('GET', `/v1/service-provider/wallets/credit/net-off/preview?walletId=${w.meridianUsd}`, undefined, 404, 'walletId'),
  ],
  [
    'settlements.creditNetOffPreview: NUL in the wallet',
    () => asAtlas('GET', '/v1/service-provider/wallets/credit/net-off/preview?walletId=a%00b', undefined, 400, 'walletId'),
  ],
  [
    'spTransactions.resetWalletBalance: another TSP’s merchant wallet',
    () => asAtlas('PUT', '/v2/sp/transactions/wallet/balance', { walletId: w.starkUsd, balance: '1', reason: 'Trust' }, 404, 'walletId'),
  ],
  [
    'spTransactions.resetWalletBalance: more decimals than USD has',
    () => asAtlas('PUT', '/v2/sp/transactions/wallet/balance', { walletId: w.globexUsd, balance: '1.123', reason: 'Trust' }, 400, 'balance'),
  ],
  [
    'spTransactions.resetWalletBalance: 25-digit balance',
    () =>
      asAtlas('PUT', '/v2/sp/transactions/wallet/balance', { walletId: w.globexUsd, balance: '1234567890123456789012345', reason: 'Trust' }, 400, 'balance'),
  ],
  ['spTransactions.resetWalletBalance: body that is not an object', () => asAtlas('PUT', '/v2/sp/transactions/wallet/balance', '[]', 400, 'body')],
  [
    'internalTransactions.linked: unknown main transaction',
    () => ({ ...asAtlas('POST', '/v1/internal/transactions/linked', linked({ mainTransactionId: 'TXN-NO-SUCH' }), 404, 'mainTransactionId'), token: ops }),
  ],
  [
    'internalTransactions.linked: wallet of another TSP',
    () => ({ ...asAtlas('POST', '/v1/internal/transactions/linked', linked({ linkedWalletId: w.starkUsd }), 404, 'linkedWalletId'), token: ops }),
  ],
  [
    'internalTransactions.linked: more decimals than USD has',
    () => ({ ...asAtlas('POST', '/v1/internal/transactions/linked', linked({ amount: '0.001' }), 400, 'amount'), token: ops }),
  ],
];

describe('settlements, net-offs and adjustments refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });
});

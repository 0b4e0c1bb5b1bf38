import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededUsers, orgIdsByCode } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectRefusal, type TrustRow } from '../test/trust.ts';

/*
 * Charges and deal profit: every call refuses another organisation's id (404 naming the field) and
 * malformed input (400 naming the field). Globex is Atlas's merchant, Stark Meridian's.
 */

let s: TestServer;
let u: Awaited<ReturnType<typeof seededUsers>>;
let ops: string;
let globexId: string;
let globexCharge: string;
let meridianCorrespondentCharge: string;
let atlasDeal: string;

const MC = '/v2/merchant/transactions/merchant-charges';
const SMC = '/sp/v2/transactions/merchant-charges';
const CC = '/v2/sp/transactions/correspondent-charges';
const DP = '/transactions/deal/profit';

const firstOf = async (url: string, token: string, key: 'id' | 'transactionId'): Promise<string> => {
  const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const first = (res.json() as { content: Array<Record<string, string>> }).content[0]?.[key];
  if (!first) throw new Error(`the seed has nothing at ${url}`);
  return first;
};

beforeAll(async () => {
  s = await startTestServer();
  u = await seededUsers(s);
  ops = await s.token('900000001');
  globexId = (await orgIdsByCode(s.services.db)).get('GLOBEX') ?? '';
  globexCharge = await firstOf(MC, u.globex, 'id');
  meridianCorrespondentCharge = await firstOf(CC, u.meridian, 'id');
  atlasDeal = await firstOf(DP, u.atlas, 'transactionId');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const get = (url: string, token: () => string, status: 404 | 400, field: string) => () => ({ method: 'GET' as const, url, token: token(), status, field });

const rows: TrustRow[] = [
  ['charges.merchant: bad settlement date', get(`${MC}?fromSettlementDate=2026-02-30`, () => u.globex, 400, 'fromSettlementDate')],
  ['charges.merchantOne: another merchant’s charge', () => get(`${MC}/${globexCharge}`, () => u.stark, 404, 'id')()],
  ['charges.merchantOne: NUL in the id', get(`${MC}/ab%00cd`, () => u.globex, 400, 'id')],
  ['charges.merchantOne: an id of no charge shape', get(`${MC}/not-a-charge`, () => u.globex, 404, 'id')],
  ['charges.merchantOne: a line past the charges of its own transfer', () => get(`${MC}/${globexCharge.replace(/\d+$/, '999')}`, () => u.globex, 404, 'id')()],
  ['charges.merchantSummary: exponent amount range', get(`${MC}/summary?amountRange=1e400,`, () => u.globex, 400, 'amountRange')],
  ['charges.spMerchant: flag that is not a boolean', get(`${SMC}?isPayable=maybe`, () => u.atlas, 400, 'isPayable')],
  ['charges.spMerchantSummary: impossible date', get(`${SMC}/summary?toSettlementDate=2026-13-01`, () => u.atlas, 400, 'toSettlementDate')],
  ['charges.correspondent: NUL in a filter', get(`${CC}?settlementTransactionIds=a%00b`, () => u.atlas, 400, 'settlementTransactionIds')],
  ['charges.correspondentOne: another TSP’s charge', () => get(`${CC}/${meridianCorrespondentCharge}`, () => u.atlas, 404, 'id')()],
  ['charges.correspondentOne: NUL in the id', get(`${CC}/%00`, () => u.atlas, 400, 'id')],
  ['charges.correspondentSummary: text amount range', get(`${CC}/summary?amountRange=abc,def`, () => u.atlas, 400, 'amountRange')],
  ['dealProfits.list: impossible date', get(`${DP}?createdFromDate=2026-02-30`, () => u.atlas, 400, 'createdFromDate')],
  ['dealProfits.get: another TSP’s deal', () => get(`${DP}/${atlasDeal}`, () => u.meridian, 404, 'transactionId')()],
  ['dealProfits.get: NUL in the id', get(`${DP}/ab%00cd`, () => u.atlas, 400, 'transactionId')],
  ['dealProfits.summary: impossible date', get(`${DP}/summary?valueDateFrom=2026-13-45`, () => u.atlas, 400, 'valueDateFrom')],
  ['dealProfits.summaryByDealType: impossible date', get(`${DP}/summary/deal-type?createdToDate=nope`, () => u.atlas, 400, 'createdToDate')],
  [
    'internalTransactions.merchantChargesSummary: a merchant named as the TSP',
    () => get(`/v1/internal/transactions/merchant/charges/summary?serviceProviderId=${globexId}`, () => ops, 404, 'serviceProviderId')(),
  ],
  [
    'internalTransactions.merchantChargesSummary: text amount range',
    get('/v1/internal/transactions/merchant/charges/summary?amountRange=x,', () => ops, 400, 'amountRange'),
  ],
  [
    'internalTransactions.dealProfitSummary: unknown TSP',
    get('/v1/internal/transactions/deal/profit/summary?serviceProviderId=no-such-tsp', () => ops, 404, 'serviceProviderId'),
  ],
  [
    'internalTransactions.dealProfitSummary: NUL in the TSP',
    get('/v1/internal/transactions/deal/profit/summary?serviceProviderId=a%00', () => ops, 400, 'serviceProviderId'),
  ],
];

describe('charges and deal profit refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });

  it('never lists another organisation’s charges or deals', async () => {
    const ids = async (url: string, token: string, key: string) =>
      (
        (await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as { content: Array<Record<string, string>> }
      ).content.map((c) => c[key]);
    expect(await ids(`${MC}?size=500`, u.stark, 'id')).not.toContain(globexCharge);
    expect(await ids(`${SMC}?size=500`, u.meridian, 'id')).not.toContain(globexCharge);
    expect(await ids(`${CC}?size=500`, u.atlas, 'id')).not.toContain(meridianCorrespondentCharge);
    expect(await ids(`${DP}?size=500`, u.meridian, 'transactionId')).not.toContain(atlasDeal);
  });
});

import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../test/test-server.ts';
import { expectRefusal, startTrustServer, type TrustRow, type TrustServer, type TrustWorld } from '../test/trust.ts';
import { dayFromNow } from '../test/days.ts';

/*
 * Revaluation runs and the wallet revaluations they leave: another TSP's wallet (or a merchant's) is a
 * 404 naming the field, whether or not a rate is set for the date; malformed input is a 400.
 */

let s: TestServer;
let atlas: string;
let ops: string;
let w: TrustWorld;

beforeAll(async () => {
  let users: TrustServer['users'];
  ({ s, users, ops, world: w } = await startTrustServer());
  atlas = users.atlas;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const RUN = '/v1/currencies/revaluation';
const INTERNAL = '/v1/internal/currencies/revaluation';
const LIST = '/v1/service-provider/wallets/revaluation';
const today = () => dayFromNow(0);

const rows: TrustRow[] = [
  [
    'revaluation.run: another TSP’s wallet',
    () => ({ method: 'POST', url: RUN, token: atlas, payload: { revaluationDate: today(), walletIds: [w.meridianUsd] }, status: 404, field: 'walletIds' }),
  ],
  [
    'revaluation.run: its merchant’s wallet',
    () => ({ method: 'POST', url: RUN, token: atlas, payload: { revaluationDate: today(), walletIds: [w.globexUsd] }, status: 404, field: 'walletIds' }),
  ],
  [
    'revaluation.run: impossible date',
    () => ({ method: 'POST', url: RUN, token: atlas, payload: { revaluationDate: '2026-02-30' }, status: 400, field: 'revaluationDate' }),
  ],
  [
    'revaluation.internalRun: a merchant named as the TSP',
    () => ({
      method: 'POST',
      url: `${INTERNAL}?serviceProviderId=${w.orgs.get('GLOBEX')}`,
      token: ops,
      payload: { revaluationDate: today() },
      status: 404,
      field: 'serviceProviderId',
    }),
  ],
  [
    'revaluation.internalRun: a wallet of another TSP',
    () => ({
      method: 'POST',
      url: `${INTERNAL}?serviceProviderId=${w.orgs.get('ATLAS')}`,
      token: ops,
      payload: { revaluationDate: today(), walletIds: [w.meridianUsd] },
      status: 404,
      field: 'walletIds',
    }),
  ],
  [
    'revaluation.internalRun: body that is not an object',
    () => ({ method: 'POST', url: `${INTERNAL}?serviceProviderId=${w.orgs.get('ATLAS')}`, token: ops, payload: '[]', status: 400, field: 'body' }),
  ],
  [
    'revaluation.walletRevaluations: another TSP’s wallet',
    () => ({ method: 'GET', url: `${LIST}?walletId=${w.meridianUsd}`, token: atlas, status: 404, field: 'walletId' }),
  ],
  [
    'revaluation.walletRevaluations: impossible date',
    () => ({ method: 'GET', url: `${LIST}?fromDate=2026-02-30`, token: atlas, status: 400, field: 'fromDate' }),
  ],
  [
    'revaluation.walletRevaluationSummary: its merchant’s wallet',
    () => ({ method: 'GET', url: `${LIST}/summary?walletId=${w.globexUsd}`, token: atlas, status: 404, field: 'walletId' }),
  ],
  [
    'revaluation.walletRevaluationSummary: dates the wrong way round',
    () => ({ method: 'GET', url: `${LIST}/summary?fromDate=2026-03-01&toDate=2026-02-01`, token: atlas, status: 400, field: 'toDate' }),
  ],
];

describe('revaluation runs refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });
});

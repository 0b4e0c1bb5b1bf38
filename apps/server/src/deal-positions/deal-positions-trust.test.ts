import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../test/test-server.ts';
import { expectRefusal, startTrustServer, type TrustRow, type TrustServer, type TrustWorld } from '../test/trust.ts';

/* Deal positions: a wallet of another TSP, or a TSP that is not one, is a 404 naming the field; malformed filters a 400. */

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

const P = '/sp/v1/deals/positions';
const I = '/v1/internal/transactions/deal/position/summary';
const get = (url: () => string, token: () => string, status: 404 | 400, field: string) => () => ({
  method: 'GET' as const,
  url: url(),
  token: token(),
  status,
  field,
});

const rows: TrustRow[] = [
  [
    'dealPositions.list: another TSP’s wallet',
    get(
      () => `${P}?walletId=${w.meridianUsd}`,
      () => atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.list: unknown deal type',
    get(
      () => `${P}?dealType=SOMEDAY`,
      () => atlas,
      400,
      'dealType',
    ),
  ],
  [
    'dealPositions.byWallet: another TSP’s merchant wallet',
    get(
      () => `${P}/${w.starkUsd}`,
      () => atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.byWallet: NUL in the wallet',
    get(
      () => `${P}/ab%00cd`,
      () => atlas,
      400,
      'walletId',
    ),
  ],
  [
    'dealPositions.summary: another TSP’s wallet',
    get(
      () => `${P}/summary?walletId=${w.meridianUsd}`,
      () => atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.summary: impossible value date',
    get(
      () => `${P}/summary?valueDate=2026-02-30`,
      () => atlas,
      400,
      'valueDate',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: a merchant named as the TSP',
    get(
      () => `${I}?serviceProviderId=${w.orgs.get('GLOBEX')}`,
      () => ops,
      404,
      'serviceProviderId',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: a wallet outside the TSP',
    get(
      () => `${I}?serviceProviderId=${w.orgs.get('ATLAS')}&walletId=${w.starkUsd}`,
      () => ops,
      404,
      'walletId',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: impossible value date',
    get(
      () => `${I}?valueDate=2026-13-01`,
      () => ops,
      400,
      'valueDate',
    ),
  ],
];

describe('deal positions refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });
});

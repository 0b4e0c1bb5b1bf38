import { describe, it } from 'vitest';
import { expectRefusal, useTrustServer, type TrustRow } from '../test/trust.ts';

/* Deal positions: a wallet of another TSP, or a TSP that is not one, is a 404 naming the field; malformed filters a 400. */

const t = useTrustServer();

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
      () => `${P}?walletId=${t.world.meridianUsd}`,
      () => t.atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.list: unknown deal type',
    get(
      () => `${P}?dealType=SOMEDAY`,
      () => t.atlas,
      400,
      'dealType',
    ),
  ],
  [
    'dealPositions.byWallet: another TSP’s merchant wallet',
    get(
      () => `${P}/${t.world.starkUsd}`,
      () => t.atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.byWallet: NUL in the wallet',
    get(
      () => `${P}/ab%00cd`,
      () => t.atlas,
      400,
      'walletId',
    ),
  ],
  [
    'dealPositions.summary: another TSP’s wallet',
    get(
      () => `${P}/summary?walletId=${t.world.meridianUsd}`,
      () => t.atlas,
      404,
      'walletId',
    ),
  ],
  [
    'dealPositions.summary: impossible value date',
    get(
      () => `${P}/summary?valueDate=2026-02-30`,
      () => t.atlas,
      400,
      'valueDate',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: a merchant named as the TSP',
    get(
      () => `${I}?serviceProviderId=${t.world.orgs.get('GLOBEX')}`,
      () => t.ops,
      404,
      'serviceProviderId',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: a wallet outside the TSP',
    get(
      () => `${I}?serviceProviderId=${t.world.orgs.get('ATLAS')}&walletId=${t.world.starkUsd}`,
      () => t.ops,
      404,
      'walletId',
    ),
  ],
  [
    'internalTransactions.dealPositionSummary: impossible value date',
    get(
      () => `${I}?valueDate=2026-13-01`,
      () => t.ops,
      400,
      'valueDate',
    ),
  ],
];

describe('deal positions refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(t.s, make());
  });
});

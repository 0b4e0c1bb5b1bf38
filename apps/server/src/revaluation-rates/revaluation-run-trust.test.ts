import { describe, it } from 'vitest';
import { expectRefusal, useTrustServer, type TrustRow } from '../test/trust.ts';
import { dayFromNow } from '../test/days.ts';

/*
 * Revaluation runs and the wallet revaluations they leave: another TSP's wallet (or a merchant's) is a
 * 404 naming the field, whether or not a rate is set for the date; malformed input is a 400.
 */

const t = useTrustServer();

const RUN = '/v1/currencies/revaluation';
const INTERNAL = '/v1/internal/currencies/revaluation';
const LIST = '/v1/service-provider/wallets/revaluation';
const today = () => dayFromNow(0);

const rows: TrustRow[] = [
  [
    'revaluation.run: another TSP’s wallet',
    () => ({
      method: 'POST',
      url: RUN,
      token: t.atlas,
      payload: { revaluationDate: today(), walletIds: [t.world.meridianUsd] },
      status: 404,
      field: 'walletIds',
    }),
  ],
  [
    'revaluation.run: its merchant’s wallet',
    () => ({
      method: 'POST',
      url: RUN,
      token: t.atlas,
      payload: { revaluationDate: today(), walletIds: [t.world.globexUsd] },
      status: 404,
      field: 'walletIds',
    }),
  ],
  [
    'revaluation.run: impossible date',
    () => ({ method: 'POST', url: RUN, token: t.atlas, payload: { revaluationDate: '2026-02-30' }, status: 400, field: 'revaluationDate' }),
  ],
  [
    'revaluation.internalRun: a merchant named as the TSP',
    () => ({
      method: 'POST',
      url: `${INTERNAL}?serviceProviderId=${t.world.orgs.get('GLOBEX')}`,
      token: t.ops,
      payload: { revaluationDate: today() },
      status: 404,
      field: 'serviceProviderId',
    }),
  ],
  [
    'revaluation.internalRun: a wallet of another TSP',
    () => ({
      method: 'POST',
      url: `${INTERNAL}?serviceProviderId=${t.world.orgs.get('ATLAS')}`,
      token: t.ops,
      payload: { revaluationDate: today(), walletIds: [t.world.meridianUsd] },
      status: 404,
      field: 'walletIds',
    }),
  ],
  [
    'revaluation.internalRun: body that is not an object',
    () => ({ method: 'POST', url: `${INTERNAL}?serviceProviderId=${t.world.orgs.get('ATLAS')}`, token: t.ops, payload: '[]', status: 400, field: 'body' }),
  ],
  [
    'revaluation.walletRevaluations: another TSP’s wallet',
    () => ({ method: 'GET', url: `${LIST}?walletId=${t.world.meridianUsd}`, token: t.atlas, status: 404, field: 'walletId' }),
  ],
  [
    'revaluation.walletRevaluations: impossible date',
    () => ({ method: 'GET', url: `${LIST}?fromDate=2026-02-30`, token: t.atlas, status: 400, field: 'fromDate' }),
  ],
  [
    'revaluation.walletRevaluationSummary: its merchant’s wallet',
    () => ({ method: 'GET', url: `${LIST}/summary?walletId=${t.world.globexUsd}`, token: t.atlas, status: 404, field: 'walletId' }),
  ],
  [
    'revaluation.walletRevaluationSummary: dates the wrong way round',
    () => ({ method: 'GET', url: `${LIST}/summary?fromDate=2026-03-01&toDate=2026-02-01`, token: t.atlas, status: 400, field: 'toDate' }),
  ],
];

describe('revaluation runs refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(t.s, make());
  });
});

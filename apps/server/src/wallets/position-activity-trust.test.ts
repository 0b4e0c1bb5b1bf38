import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/test-server.ts';
import { expectRefusal, startTrustServer, type TrustRow, type TrustServer, type TrustWorld } from '../test/trust.ts';

/*
 * A TSP's position activity: of its own wallets (spWallets.positionActivity) or its merchants' wallets
 * (spWallets.merchantPositionActivity). A wallet outside that scope is a 404 naming walletIds.
 */

let s: TestServer;
let atlas: string;
let w: TrustWorld;

beforeAll(async () => {
  let users: TrustServer['users'];
  ({ s, users, world: w } = await startTrustServer());
  atlas = users.atlas;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const OWN = '/v1/service-provider/wallets/position/activity';
const MERCHANTS = '/sp/v1/merchant/wallets/position/activity';
const get = (url: () => string, status: 404 | 400, field: string) => () => ({ method: 'GET' as const, url: url(), token: atlas, status, field });

const rows: TrustRow[] = [
  ['spWallets.positionActivity: another TSP’s wallet', get(() => `${OWN}?walletIds=${w.meridianUsd}`, 404, 'walletIds')],
  ['spWallets.positionActivity: its merchant’s wallet', get(() => `${OWN}?walletIds=${w.atlasUsd},${w.globexUsd}`, 404, 'walletIds')],
  ['spWallets.positionActivity: impossible date', get(() => `${OWN}?date=2026-02-30`, 400, 'date')],
  ['spWallets.merchantPositionActivity: another TSP’s merchant wallet', get(() => `${MERCHANTS}?walletIds=${w.starkUsd}`, 404, 'walletIds')],
  ['spWallets.merchantPositionActivity: its own wallet', get(() => `${MERCHANTS}?walletIds=${w.atlasUsd}`, 404, 'walletIds')],
  ['spWallets.merchantPositionActivity: NUL in the transaction', get(() => `${MERCHANTS}?transactionId=a%00b`, 400, 'transactionId')],
];

describe('position activity refuses foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });

  it('lists only the wallets of its scope', async () => {
    const walletsOf = async (url: string) =>
      new Set(
        (
          (await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${atlas}` } })).json() as { content: Array<{ walletId: string }> }
        ).content.map((m) => m.walletId),
      );
    const own = await walletsOf(`${OWN}?size=500`);
    const merchants = await walletsOf(`${MERCHANTS}?size=500`);
    expect(merchants.has(w.globexUsd) || own.size > 0).toBe(true);
    for (const id of [w.globexUsd, w.starkUsd, w.meridianUsd]) expect(own.has(id)).toBe(false);
    for (const id of [w.atlasUsd, w.starkUsd, w.meridianUsd]) expect(merchants.has(id)).toBe(false);
  });
});

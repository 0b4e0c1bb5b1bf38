import { describe, expect, it } from 'vitest';
import { expectRefusal, useTrustServer, type TrustRow } from '../test/trust.ts';

/*
 * A TSP's position activity: of its own wallets (spWallets.positionActivity) or its merchants' wallets
 * (spWallets.merchantPositionActivity). A wallet outside that scope is a 404 naming walletIds.
 */

const t = useTrustServer();

const OWN = '/v1/service-provider/wallets/position/activity';
const MERCHANTS = '/sp/v1/merchant/wallets/position/activity';
const get = (url: () => string, status: 404 | 400, field: string) => () => ({ method: 'GET' as const, url: url(), token: t.atlas, status, field });

const rows: TrustRow[] = [
  ['spWallets.positionActivity: another TSP’s wallet', get(() => `${OWN}?walletIds=${t.world.meridianUsd}`, 404, 'walletIds')],
  ['spWallets.positionActivity: its merchant’s wallet', get(() => `${OWN}?walletIds=${t.world.atlasUsd},${t.world.globexUsd}`, 404, 'walletIds')],
  ['spWallets.positionActivity: impossible date', get(() => `${OWN}?date=2026-02-30`, 400, 'date')],
  ['spWallets.merchantPositionActivity: another TSP’s merchant wallet', get(() => `${MERCHANTS}?walletIds=${t.world.starkUsd}`, 404, 'walletIds')],
  ['spWallets.merchantPositionActivity: its own wallet', get(() => `${MERCHANTS}?walletIds=${t.world.atlasUsd}`, 404, 'walletIds')],
  ['spWallets.merchantPositionActivity: NUL in the transaction', get(() => `${MERCHANTS}?transactionId=a%00b`, 400, 'transactionId')],
];

describe('position activity refuses foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(t.s, make());
  });

  it('lists only the wallets of its scope', async () => {
    const walletsOf = async (url: string) =>
      new Set(
        (
          (await t.s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.atlas}` } })).json() as { content: Array<{ walletId: string }> }
        ).content.map((m) => m.walletId),
      );
    const own = await walletsOf(`${OWN}?size=500`);
    const merchants = await walletsOf(`${MERCHANTS}?size=500`);
    expect(merchants.has(t.world.globexUsd) || own.size > 0).toBe(true);
    for (const id of [t.world.globexUsd, t.world.starkUsd, t.world.meridianUsd]) expect(own.has(id)).toBe(false);
    for (const id of [t.world.atlasUsd, t.world.starkUsd, t.world.meridianUsd]) expect(merchants.has(id)).toBe(false);
  });
});

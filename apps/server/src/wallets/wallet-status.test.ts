import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { pageOf, wallet } from '@corridor/api';
import { walletStatusChanges } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string; // SP 200000001
let globex: string; // merchant 100000001 (Atlas)

beforeAll(async () => {
  s = await startTestServer();
  [atlas, globex] = await Promise.all([s.token('200000001'), s.token('100000001')]);
});
afterAll(async () => {
  await s?.close();
});

function send(method: 'PUT' | 'PATCH', url: string, token: string, payload: object) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}

async function activeMerchantWallet() {
  const page = pageOf(wallet).parse((await s.get('/v1/service-provider/merchant/wallets?statuses=ACTIVE&size=1', atlas)).json());
  const first = page.content[0];
  if (!first) throw new Error('no active merchant wallet in the demo data');
  return first;
}

const history = (walletId: string) =>
  s.services.db.select().from(walletStatusChanges).where(eq(walletStatusChanges.walletId, walletId)).orderBy(asc(walletStatusChanges.changedAt));

describe('blocking and activating a merchant wallet', () => {
  it('refuses a status change without a reason (3..500 characters) and leaves the wallet as it was', async () => {
    const target = await activeMerchantWallet();
    const url = `/v1/service-provider/merchant/wallets/${target.id}`;
    for (const body of [{ status: 'INACTIVE' }, { status: 'INACTIVE', statusReason: '  x ' }, { status: 'INACTIVE', statusReason: 'x'.repeat(501) }]) {
      const res = await send('PUT', url, atlas, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'statusReason' }] });
    }
    expect(wallet.parse((await s.get(url, atlas)).json()).status).toBe('ACTIVE');
    expect(await history(target.id)).toEqual([]);
  });

  it('records who blocked and activated the wallet, when and why, and the wallet shows the last change', async () => {
    const target = await activeMerchantWallet();
    const url = `/v1/service-provider/merchant/wallets/${target.id}`;
    const me = (await s.get('/users/me', atlas)).json() as { id: string };
    const before = s.services.config.now().getTime();
    const blocked = await send('PUT', url, atlas, { status: 'INACTIVE', statusReason: '  Suspected fraud on the account  ' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const afterBlock = wallet.parse(blocked.json());
    expect(afterBlock).toMatchObject({ status: 'INACTIVE', statusReason: 'Suspected fraud on the account', statusChangedBy: me.id });
    const changedAt = new Date(afterBlock.statusChangedAt ?? 0).getTime();
    expect(changedAt).toBeGreaterThanOrEqual(before);
    expect(changedAt).toBeLessThanOrEqual(s.services.config.now().getTime());
    // The same status again changes nothing and needs no reason.
    const again = await send('PUT', url, atlas, { status: 'INACTIVE', alias: target.alias });
    expect(again.statusCode, again.body).toBe(200);
    expect(wallet.parse(again.json()).statusReason).toBe('Suspected fraud on the account');

    const activated = wallet.parse((await send('PUT', url, atlas, { status: 'ACTIVE', statusReason: 'Cleared by compliance' })).json());
    expect(activated).toMatchObject({ status: 'ACTIVE', statusReason: 'Cleared by compliance', statusChangedBy: me.id });
    expect(wallet.parse((await s.get(url, atlas)).json()).statusReason).toBe('Cleared by compliance');

    const rows = await history(target.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.reason, r.changedBy])).toEqual([
      ['ACTIVE', 'INACTIVE', 'Suspected fraud on the account', me.id],
      ['INACTIVE', 'ACTIVE', 'Cleared by compliance', me.id],
    ]);
  });

  it('never lets the merchant set a status reason on its own wallet', async () => {
    const target = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?size=1', globex)).json()).content[0];
    const res = await send('PATCH', `/v1/merchant/wallets/${target?.id ?? ''}`, globex, { statusReason: 'Because I say so' });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'statusReason' }] });
  });

  it('asks a reason for a status change of the TSP’s own wallet too', async () => {
    const own = pageOf(wallet).parse((await s.get('/v1/service-provider/wallets?size=1', atlas)).json()).content[0];
    const url = `/v1/service-provider/wallets/${own?.id ?? ''}`;
    const refused = await send('PUT', url, atlas, { status: own?.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' });
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'statusReason' }] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { decideFault, seededRandom, startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { activeWallet, draftBody, PORTAL_CLIENT, serverPayments, tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
let token: string;
let wallet: Awaited<ReturnType<typeof activeWallet>>;

beforeAll(async () => {
  token = await tokenOf(baseUrl);
  wallet = await activeWallet(baseUrl, token);
});

async function postDraft(url: string, bearer: string, body: object): Promise<Response> {
  return fetch(`${url}/m/api/v1/transactions/payments/draft`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'Idempotency-Key': (body as { draftId: string }).draftId },
    body: JSON.stringify(body),
  });
}

describe('the fault proxy', () => {
  let proxy: FaultProxy | undefined;
  afterAll(async () => {
    await proxy?.stop();
  });

  it('draws the same faults for the same seed, in the planned shares', () => {
    const plan = { lostAnswerShare: 0.3, unavailableShare: 0.2 };
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 2000 }, () => decideFault(random(), plan));
    };
    const first = draw(7);
    expect(draw(7)).toEqual(first);
    expect(draw(8)).not.toEqual(first);
    const share = (kind: string) => first.filter((d) => d === kind).length / first.length;
    expect(share('lose-answer')).toBeGreaterThan(0.27);
    expect(share('lose-answer')).toBeLessThan(0.33);
    expect(share('unavailable')).toBeGreaterThan(0.17);
    expect(share('unavailable')).toBeLessThan(0.23);
  });

  it('loses the answer after the server committed, answers 503 without forwarding, and expires the session for real', async () => {
    proxy = await startFaultProxy(baseUrl, { seed: 1, lostAnswerShare: 1, unavailableShare: 0, client: PORTAL_CLIENT });
    // Assets and reads go through untouched.
    expect((await fetch(`${proxy.url}/portal-config.json`)).status).toBe(200);

    // A lost acknowledgement: the browser sees no answer, the server holds the draft.
    const lost = draftBody(0, wallet);
    await expect(postDraft(proxy.url, token, lost)).rejects.toThrow();
    const held = (await serverPayments(baseUrl, token)).filter((p) => p.draftId === lost.draftId);
    expect(held).toHaveLength(1);
    // Sent again without faults: the same payment, still one.
    proxy.setFaults(false);
    const again = await postDraft(proxy.url, token, lost);
    expect(again.status).toBeLessThan(300);
    await expect(again.json()).resolves.toMatchObject({ id: held[0]!.id, draftId: lost.draftId });
    expect((await serverPayments(baseUrl, token)).filter((p) => p.draftId === lost.draftId)).toHaveLength(1);
    expect(proxy.counts.byDraft.get(lost.draftId)).toMatchObject({ requests: 2, failed: 1, server2xx: 2, delivered2xx: 1, maxInFlight: 1 });
    expect(proxy.counts.lostAnswers).toBe(1);
    await proxy.stop();

    // 503 without forwarding: the server never saw it.
    proxy = await startFaultProxy(baseUrl, { seed: 1, lostAnswerShare: 0, unavailableShare: 1, client: PORTAL_CLIENT });
    const refused = draftBody(1, wallet);
    const unavailable = await postDraft(proxy.url, token, refused);
    expect(unavailable.status).toBe(503);
    expect((await serverPayments(baseUrl, token)).some((p) => p.draftId === refused.draftId)).toBe(false);
    expect(proxy.counts).toMatchObject({ unavailable: 1, lostAnswers: 0 });
    await proxy.stop();

    // The session expires: the token's whole session is revoked on the server, so the call gets the
    // server's own 401 and the token is dead for every call after it.
    proxy = await startFaultProxy(baseUrl, { seed: 1, lostAnswerShare: 0, unavailableShare: 0, expireSessionAt: 1, client: PORTAL_CLIENT });
    const expired = await postDraft(proxy.url, token, draftBody(2, wallet));
    expect(expired.status).toBe(401);
    expect((await fetch(`${baseUrl}/users/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(proxy.counts).toMatchObject({ expiries: 1, unauthorized: 1, paymentCalls: 1 });
  });
});

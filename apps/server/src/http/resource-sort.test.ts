import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditRequest, pageOf } from '@corridor/api';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { dayFromNow } from '../test/days.ts';

let s: TestServer;
let globex: string;
const requestPage = pageOf(creditRequest);

beforeAll(async () => {
  s = await startTestServer();
  globex = await s.token('100000001');
  const wallets = (await s.get('/v1/merchant/wallets?currencyCodes=GBP', globex)).json() as { content: { id: string }[] };
  const walletId = wallets.content[0]?.id ?? '';
  for (const amount of ['900.00', '15000.00', '2500.50']) {
    const created = await s.app.inject({
      method: 'POST',
      url: '/v1/merchant/wallets/credit-request',
      headers: { authorization: `Bearer ${globex}` },
      payload: { walletId, amount, currency: 'GBP', validFrom: dayFromNow(-21), validTo: dayFromNow(70) },
    });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await s?.close();
});

describe('sort tokens with ignorecase (the portal table always sends them)', () => {
  it('sorts a number column numerically, not as lowered text and not with a SQL error', async () => {
    const answer = await s.get('/v1/merchant/wallets/credit-request?sort=amount,ASC,ignorecase', globex);
    expect(answer.statusCode).toBe(200);
    const amounts = requestPage.parse(answer.json()).content.map((r) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.length).toBeGreaterThanOrEqual(3);
  });

  it('sorts a timestamp column with ignorecase', async () => {
    const answer = await s.get('/v1/merchant/wallets/credit-request?sort=createdAt,DESC,ignorecase', globex);
    expect(answer.statusCode).toBe(200);
    const created = requestPage.parse(answer.json()).content.map((r) => r.createdAt ?? '');
    expect(created).toEqual([...created].sort().reverse());
  });
});

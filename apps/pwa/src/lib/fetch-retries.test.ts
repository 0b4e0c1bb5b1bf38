import { describe, expect, it } from 'vitest';
import { fetchWithRetries } from './fetch-retries.ts';
import { TRANSIENT_RETRY_DELAYS_MS } from './retry.ts';

describe('fetchWithRetries', () => {
  const quick = { sleep: async () => {}, random: () => 0.5 };
  function line(answers: (number | 'lost')[]) {
    const seen: string[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
      const answer = answers.shift();
      if (answer === undefined || answer === 'lost') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ n: seen.length }), { status: answer });
    }) as typeof globalThis.fetch;
    return { fetch, seen };
  }

  it('asks a read again after a lost answer, a 503 and a 429, and returns the first real answer', async () => {
    const { fetch, seen } = line(['lost', 503, 429, 200]);
    const response = await fetchWithRetries(fetch, quick)('/v1/merchant/wallets');
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(4);
  });

  it('does not ask again while the device says it is offline', async () => {
    const { fetch, seen } = line(['lost', 200]);
    await expect(fetchWithRetries(fetch, { ...quick, online: () => false })('/v1/merchant/wallets')).rejects.toThrow('Failed to fetch');
    expect(seen).toHaveLength(1);
  });

  it('returns a refusal at once, and the last 5xx when the tries run out', async () => {
    const refused = line([404, 200]);
    expect((await fetchWithRetries(refused.fetch, quick)('/x')).status).toBe(404);
    expect(refused.seen).toHaveLength(1);
    const down = line([503, 503, 503, 502, 200]);
    expect((await fetchWithRetries(down.fetch, quick)('/x')).status).toBe(502);
    expect(down.seen).toHaveLength(TRANSIENT_RETRY_DELAYS_MS.length + 1);
  });

  it('repeats a write only under its idempotency key, and never a call its caller aborted', async () => {
    const write = line([503, 201]);
    expect((await fetchWithRetries(write.fetch, quick)('/v1/merchant/beneficiaries/1', { method: 'PUT' })).status).toBe(503);
    expect(write.seen).toEqual(['PUT /v1/merchant/beneficiaries/1']);
    const keyed = line(['lost', 503, 201]);
    const created = await fetchWithRetries(keyed.fetch, quick)('/m/api/v1/transactions/payments', { method: 'POST', headers: { 'Idempotency-Key': 'k-1' } });
    expect(created.status).toBe(201);
    expect(keyed.seen).toHaveLength(3);
    const aborted = line(['lost', 200]);
    const controller = new AbortController();
    controller.abort();
    await expect(fetchWithRetries(aborted.fetch, quick)('/x', { signal: controller.signal })).rejects.toThrow(TypeError);
    expect(aborted.seen).toHaveLength(1);
  });
});

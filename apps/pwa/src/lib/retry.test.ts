import { describe, expect, it } from 'vitest';
import { fetchWithReadRetries, retryTransient, TRANSIENT_RETRY_DELAYS_MS } from './retry.ts';

const failure = (status: number, code = 'X') => ({ status, code, message: code });

function script(answers: unknown[]) {
  let calls = 0;
  const slept: number[] = [];
  const task = async () => {
    const answer = answers[calls++];
    if (answer instanceof Object && 'status' in answer) throw answer;
    return answer as string;
  };
  return { task, slept, calls: () => calls, sleep: async (ms: number) => void slept.push(ms) };
}

describe('retryTransient', () => {
  it('tries again after a lost answer, a 503 and a 429, with the stated delays (no jitter at 0.5)', async () => {
    const s = script([failure(0, 'NETWORK_ERROR'), failure(503), failure(429), 'ok']);
    await expect(retryTransient(s.task, { sleep: s.sleep, random: () => 0.5 })).resolves.toBe('ok');
    expect(s.calls()).toBe(4);
    expect(s.slept).toEqual([...TRANSIENT_RETRY_DELAYS_MS]);
  });

  it('never tries again after a refusal (400, 401, 403, 409)', async () => {
    for (const status of [400, 401, 403, 409]) {
      const s = script([failure(status), 'ok']);
      await expect(retryTransient(s.task, { sleep: s.sleep })).rejects.toMatchObject({ status });
      expect(s.calls()).toBe(1);
    }
  });

  it('throws the last transient failure once the tries run out', async () => {
    const s = script([failure(503), failure(502), failure(0, 'NETWORK_ERROR'), failure(504), 'never']);
    await expect(retryTransient(s.task, { sleep: s.sleep, random: () => 0 })).rejects.toMatchObject({ status: 504 });
    expect(s.calls()).toBe(TRANSIENT_RETRY_DELAYS_MS.length + 1);
    expect(s.slept).toEqual(TRANSIENT_RETRY_DELAYS_MS.map((d) => d / 2));
  });
});

describe('fetchWithReadRetries', () => {
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
    const response = await fetchWithReadRetries(fetch, quick)('/v1/merchant/wallets');
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(4);
  });

  it('returns a refusal at once, and the last 5xx when the tries run out', async () => {
    const refused = line([404, 200]);
    expect((await fetchWithReadRetries(refused.fetch, quick)('/x')).status).toBe(404);
    expect(refused.seen).toHaveLength(1);
    const down = line([503, 503, 503, 502, 200]);
    expect((await fetchWithReadRetries(down.fetch, quick)('/x')).status).toBe(502);
    expect(down.seen).toHaveLength(TRANSIENT_RETRY_DELAYS_MS.length + 1);
  });

  it('never repeats a write, nor a read its caller aborted', async () => {
    const write = line([503, 201]);
    expect((await fetchWithReadRetries(write.fetch, quick)('/m/api/v1/transactions/payments', { method: 'POST' })).status).toBe(503);
    expect(write.seen).toEqual(['POST /m/api/v1/transactions/payments']);
    const aborted = line(['lost', 200]);
    const controller = new AbortController();
    controller.abort();
    await expect(fetchWithReadRetries(aborted.fetch, quick)('/x', { signal: controller.signal })).rejects.toThrow(TypeError);
    expect(aborted.seen).toHaveLength(1);
  });
});

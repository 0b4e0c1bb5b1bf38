import { describe, expect, it } from 'vitest';
import { retryTransient, TRANSIENT_RETRY_DELAYS_MS } from './retry.ts';

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

  it('does not wait out the delays when the device says it is offline', async () => {
    const s = script([failure(0, 'NETWORK_ERROR'), 'ok']);
    await expect(retryTransient(s.task, { sleep: s.sleep, online: () => false })).rejects.toMatchObject({ status: 0 });
    expect(s.calls()).toBe(1);
    expect(s.slept).toEqual([]);
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

import { browserOnline, TRANSIENT_RETRY_DELAYS_MS, wait, type RetryOptions } from './retry.ts';

/** An answer of the line or a server in between rather than of the call itself: asked again. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A fetch that asks a call again when the line failed it: no answer, or a 5xx, 408 or 429. Only calls
 * that are safe to repeat: reads (GET, HEAD), which change nothing, and writes that carry an
 * `Idempotency-Key` (every creating call of the client), which the server answers with its first
 * answer when they come again, so a lost answer after the server committed is fetched, not made twice.
 * On a branch's bad line this is the difference between a screen that loads and one that shows its
 * cached copy for want of one lucky answer. Other writes are not repeated: a change without an answer
 * is reported as not confirmed. The last answer (or failure) is the result.
 */
export function fetchWithRetries(baseFetch: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const delays = options.delays ?? TRANSIENT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const online = options.online ?? browserOnline;
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const repeatable = method === 'GET' || method === 'HEAD' || new Headers(init?.headers).has('Idempotency-Key');
    if (!repeatable) return baseFetch(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const delay = delays[attempt];
      let response: Response;
      try {
        response = await baseFetch(input, init);
      } catch (error) {
        // Aborted by its caller or its time-out: that is the answer, not the line.
        // Offline: no answer will come in a few seconds either; the caller shows what the device holds.
        if (delay === undefined || init?.signal?.aborted || !online()) throw error;
        await sleep(Math.round(delay * (0.5 + random())));
        continue;
      }
      if (delay === undefined || !isTransientStatus(response.status)) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.round(delay * (0.5 + random())));
    }
  };
}

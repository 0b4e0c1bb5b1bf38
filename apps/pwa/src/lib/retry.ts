import { isTransientError } from '@corridor/state-machines';

/**
 * Waits between the tries of a call the line failed (no answer, a 5xx, 408, 429): three more tries
 * within about five seconds, each delay drawn between half and one and a half times its step so that
 * tabs and devices that failed together do not come back together.
 * @internal
 */
export const TRANSIENT_RETRY_DELAYS_MS: readonly number[] = [500, 1_500, 3_000];

export interface RetryOptions {
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` again while it fails for the line, at most `delays.length` more times; a refusal (any
 * other 4xx) or a bug is thrown at once, and the last transient failure is thrown when tries run out.
 * Only for calls that are safe to repeat: the refresh grant (the server answers a repeat with the same
 * successor), reads, and the password grant (a repeat opens one more session, nothing else).
 */
export async function retryTransient<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delays = options.delays ?? TRANSIENT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isTransientError(error)) throw error;
      await sleep(Math.round(delay * (0.5 + random())));
    }
  }
}

/** An answer of the line or a server in between rather than of the call itself: asked again. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A fetch that asks a read (GET, HEAD) again when the line failed it: no answer, or a 5xx, 408 or 429.
 * Reads change nothing, so a repeat is always safe; on a branch's bad line it is the difference between
 * a screen that loads and one that shows its cached copy for want of one lucky answer. Writes are not
 * repeated here: the outbox repeats payments (with their draft id), the quote machine its quotes, and a
 * change without an answer is reported as not confirmed. The last answer (or failure) is the result.
 */
export function fetchWithReadRetries(baseFetch: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const delays = options.delays ?? TRANSIENT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return baseFetch(input, init);
    for (let attempt = 0; ; attempt += 1) {
      const delay = delays[attempt];
      let response: Response;
      try {
        response = await baseFetch(input, init);
      } catch (error) {
        // Aborted by its caller or its time-out: that is the answer, not the line.
        if (delay === undefined || init?.signal?.aborted) throw error;
        await sleep(Math.round(delay * (0.5 + random())));
        continue;
      }
      if (delay === undefined || !isTransientStatus(response.status)) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.round(delay * (0.5 + random())));
    }
  };
}

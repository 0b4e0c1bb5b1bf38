import { isTransientError } from '@corridor/state-machines';

/**
 * Waits between the tries of a call the line failed (no answer, a 5xx, 408, 429): three more tries
 * within about five seconds, each delay drawn between half and one and a half times its step so that
 * tabs and devices that failed together do not come back together.
 */
export const TRANSIENT_RETRY_DELAYS_MS: readonly number[] = [500, 1_500, 3_000];

export interface RetryOptions {
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

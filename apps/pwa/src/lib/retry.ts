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
  /** False when the device knows it has no network (navigator.onLine): no try is waited for then. */
  online?: () => boolean;
}

/** What the browser says of its network: false only when it knows it has none. */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` again while it fails for the line, at most `delays.length` more times; a refusal (any
 * other 4xx) or a bug is thrown at once, and the last transient failure is thrown when tries run out.
 * A device that says it is offline gets the failure at once: the line is not flaky, it is absent.
 * Only for calls that are safe to repeat: the refresh grant (the server answers a repeat with the same
 * successor), reads, and the password grant (a repeat opens one more session, nothing else).
 */
export async function retryTransient<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delays = options.delays ?? TRANSIENT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const online = options.online ?? browserOnline;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const delay = delays[attempt];
      // Offline, a try in a few seconds fails the same way: the caller hears at once (an offline start
      // then shows what the device holds instead of waiting out every delay).
      if (delay === undefined || !isTransientError(error) || !online()) throw error;
      await sleep(Math.round(delay * (0.5 + random())));
    }
  }
}

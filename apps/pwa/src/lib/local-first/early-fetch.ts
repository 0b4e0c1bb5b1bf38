/**
 * Answers a route's loader starts before its screen has mounted, taken once by that screen's
 * `useLocalFirst`. After sign-in the first screen's data otherwise waits for its layout and list code to
 * load and render (over a second on a slow phone); started by the loader it crosses the line meanwhile.
 * Keyed by user as well as call: an answer started for one user is never handed to the next.
 */

/**
 * An early answer older than this is not taken: the screen asks again.
 * @internal exported for its test
 */
export const EARLY_FETCH_MAX_AGE_MS = 10_000;

interface Early {
  promise: Promise<unknown>;
  startedAt: number;
}

const started = new Map<string, Early>();

const keyOf = (userId: string, key: string) => `${userId}\u0000${key}`;

/** Starts `fetch` for `key` unless an answer for it was started less than the max age ago. */
export function fetchEarly(userId: string, key: string, fetch: () => Promise<unknown>, now: number = Date.now()): void {
  const found = started.get(keyOf(userId, key));
  if (found && now - found.startedAt < EARLY_FETCH_MAX_AGE_MS) return;
  const promise = fetch();
  // The screen that takes it handles its failure; one never taken must not surface as unhandled.
  promise.catch(() => {});
  started.set(keyOf(userId, key), { promise, startedAt: now });
}

/** The answer started early for `key`, once: a second call (a later refresh) gets undefined and asks again. */
export function takeEarly<T>(userId: string, key: string, now: number = Date.now()): Promise<T> | undefined {
  const id = keyOf(userId, key);
  const found = started.get(id);
  started.delete(id);
  return found && now - found.startedAt < EARLY_FETCH_MAX_AGE_MS ? (found.promise as Promise<T>) : undefined;
}

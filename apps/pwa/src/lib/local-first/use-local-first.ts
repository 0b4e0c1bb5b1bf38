import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { isNetworkError } from '@corridor/state-machines';
import { useCurrentUser } from '../session-context.tsx';
import { useOnlineStatus } from '../online-status.ts';
import { takeEarly } from './early-fetch.ts';
import { readCached, writeCachedAll, type CacheEntry, type LocalStore } from './local-db.ts';

export interface LocalFirstOptions<T> {
  /** Cache key: build it with `cacheKey(callId, input)`. */
  key: string;
  /** The network call whose answer is cached. */
  fetch: () => Promise<T>;
  /** Which local table holds the answer (default `lists`). */
  store?: LocalStore;
  /** False: read nothing and fetch nothing (e.g. until a required input is known). */
  enabled?: boolean;
  /**
   * Other cache entries one answer also fills, stored with it: a list's rows under their detail keys,
   * so a detail screen opened offline shows what the list last showed instead of nothing.
   */
  derived?: (data: T) => CacheEntry[];
}

export interface LocalFirstState<T> {
  /** The last stored answer, or undefined when nothing is stored yet. */
  data: T | undefined;
  /** When `data` came from the network. */
  updatedAt: Date | null;
  /** The browser is offline or the last refresh got no answer: `data` is what was last seen. */
  offline: boolean;
  refreshing: boolean;
  /** True until the first stored answer (or the first network answer) is known. */
  loading: boolean;
  /** The last refresh's refusal by the server (network failures set `offline` instead). */
  error: unknown;
  refresh: () => Promise<void>;
}

interface RefreshStatus {
  key: string;
  refreshing: boolean;
  noAnswer: boolean;
  error: unknown;
  /**
   * The last answer this hook fetched for `key`. IndexedDB tells its live query about a write a moment
   * after the write resolves: until it does, this is what the screen shows (without it the screen
   * flashed its empty state between "refreshed" and "stored").
   */
  fetched?: { data: unknown; fetchedAt: number };
}

/** Waits before a failed refresh is tried again (then the last one, for as long as it keeps failing). */
const LOCAL_FIRST_RETRY_MS = [2_000, 5_000, 10_000, 30_000] as const;

const idle = (key: string): RefreshStatus => ({ key, refreshing: false, noAnswer: false, error: null });

/**
 * Local-first read (ARCHITECTURE section 4): the screen renders what IndexedDB holds for `key`
 * (live, so every tab and every writer updates it) and the hook refreshes it from the network on
 * mount, when the browser comes back online and when the window regains focus. A failed refresh
 * never removes what is stored: the screen keeps showing it, marked offline with its age.
 */
export function useLocalFirst<T>({ key, fetch, store = 'lists', enabled = true, derived }: LocalFirstOptions<T>): LocalFirstState<T> {
  const userId = useCurrentUser()?.id ?? null;
  const online = useOnlineStatus();
  const active = enabled && userId !== null;

  const row = useLiveQuery(async () => (active && userId !== null ? readCached<T>(userId, store, key) : null), [active, userId, store, key]);

  const [status, setStatus] = useState<RefreshStatus>(() => idle(key));
  const current = status.key === key ? status : idle(key);

  // The latest fetch function without making every render a new refresh (callers pass closures).
  const fetchRef = useRef(fetch);
  const derivedRef = useRef(derived);
  useEffect(() => {
    fetchRef.current = fetch;
    derivedRef.current = derived;
  }, [fetch, derived]);
  const sequence = useRef(0);
  // An answer that arrives after the screen has gone is dropped: it is already on the device, and a state
  // update of a component no longer there is work for nothing (after a test's page is torn down, an error).
  useEffect(
    () => () => {
      sequence.current += 1;
    },
    [],
  );

  const refresh = useCallback(async () => {
    if (!active || userId === null) return;
    const mine = ++sequence.current;
    setStatus((s) => ({ ...(s.key === key ? s : idle(key)), refreshing: true }));
    try {
      // A route's loader may have started this answer while the screen's code loaded (early-fetch.ts).
      const data = await (takeEarly<T>(userId, key) ?? fetchRef.current());
      const fetchedAt = Date.now();
      // Shown at once, stored meanwhile: the screen need not wait for the disk (a device's first store also
      // creates its database and sealing key) to show what the server said.
      if (mine === sequence.current) setStatus({ ...idle(key), fetched: { data, fetchedAt } });
      // The answer and the entries it fills, in one transaction: one wait for the disk. A device that cannot
      // keep it (its storage full, or refused to the page) still shows what the server said: only a later
      // offline view lacks it, and says it has nothing rather than showing an error for a good answer.
      // `refresh()` resolves once it is stored, so a caller that awaits it finds the device up to date.
      await writeCachedAll(userId, [{ store, key, data }, ...(derivedRef.current?.(data) ?? [])], fetchedAt).catch(() => undefined);
    } catch (error) {
      if (mine !== sequence.current) return;
      setStatus(isNetworkError(error) ? { key, refreshing: false, noAnswer: true, error: null } : { key, refreshing: false, noAnswer: false, error });
    }
  }, [active, userId, store, key]);

  useEffect(() => {
    if (!active) return;
    void refresh();
    const onWake = () => void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    window.addEventListener('online', onWake);
    window.addEventListener('focus', onWake);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onWake);
      window.removeEventListener('focus', onWake);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, refresh]);

  // A refresh that got no answer, or a refusal, is tried again by itself while the screen is open and
  // the browser online, waiting longer each time: a flaky line must not leave a list empty until the user
  // thinks of reloading. An answer (or going offline, or another key) starts the count again.
  const failed = current.noAnswer || current.error !== null;
  const [attempt, setAttempt] = useState({ key, count: 0 });
  const attempts = attempt.key === key ? attempt.count : 0;
  useEffect(() => {
    if (!active || !failed || !online) return;
    const delay = LOCAL_FIRST_RETRY_MS[Math.min(attempts, LOCAL_FIRST_RETRY_MS.length - 1)] ?? 30_000;
    const timer = setTimeout(() => {
      setAttempt({ key, count: attempts + 1 });
      void refresh();
    }, delay);
    return () => clearTimeout(timer);
  }, [active, failed, online, attempts, key, refresh]);
  useEffect(() => {
    if (!failed && attempts !== 0) setAttempt({ key, count: 0 });
  }, [failed, attempts, key]);

  // The newer of the stored row and the answer just fetched: the fetched one until the live query has it
  // stored, and for good if it could not be stored (an older stored row must not hide a newer answer).
  const fetched = current.fetched as { data: T; fetchedAt: number } | undefined;
  const shown = active ? (row && (!fetched || row.fetchedAt >= fetched.fetchedAt) ? row : fetched) : undefined;
  return {
    data: shown?.data,
    updatedAt: shown ? new Date(shown.fetchedAt) : null,
    offline: !online || current.noAnswer,
    refreshing: current.refreshing,
    loading: active && shown === undefined && (row === undefined || current.refreshing),
    error: current.error,
    refresh,
  };
}

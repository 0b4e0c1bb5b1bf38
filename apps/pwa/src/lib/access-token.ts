import { isTransientError, type TokenGrant } from '@corridor/state-machines';
import { ApiError } from '@corridor/api/light';
import { retryTransient, type RetryOptions } from './retry.ts';

/**
 * The access token, in memory only: never in a cookie, localStorage or IndexedDB, so a script that
 * reads storage finds nothing, and a reload gets a new one through the HttpOnly refresh cookie.
 */

/** A token that expires within this margin is not handed out any more; a renewal is asked instead. */
const EXPIRY_SKEW_MS = 5_000;
/** A token another tab renewed is taken as is when it still has this long to live. */
const ADOPT_MIN_REMAINING_MS = 60_000;

/**
 * What the tabs of one browser tell each other: a renewed access token.
 * @internal
 */
export interface TokenMessage {
  type: 'token';
  accessToken: string;
  /** Epoch ms; null when the server gave no lifetime. */
  expiresAt: number | null;
}

export interface TokenChannel {
  post(message: TokenMessage): void;
  subscribe(listener: (message: TokenMessage) => void): () => void;
}

export interface AccessTokenStoreOptions {
  /** The refresh grant on the wire (the refresh cookie goes with it). */
  refreshGrant: () => Promise<TokenGrant>;
  now?: () => number;
  /**
   * Runs a renewal while holding a lock shared by the browser's tabs. The server rotates the refresh
   * cookie at each use and treats a reused one as theft (the whole session is revoked), so two tabs
   * must never send the same cookie at once.
   */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Tells the other tabs about a renewed token, so they take it instead of renewing again. */
  channel?: TokenChannel;
  /** How a renewal the line failed is tried again (tests pass a sleep that does not wait). */
  retry?: RetryOptions;
}

/** The server refused the refresh cookie (expired, revoked, reused): only this ends a session. */
function isRefused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/** A call that could not get a token because the line failed the renewal: it fails as a call without an answer. */
function renewalFailed(cause: unknown): ApiError {
  return new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The session renewal got no answer', cause });
}

export interface AccessTokenStore {
  /** The held token, expired or not. */
  current(): string | undefined;
  /**
   * A token fit to send: the held one, or a renewed one when it has expired or none is held yet (an
   * offline start whose network came back); undefined when signed out or the renewal was refused.
   * Throws a network ApiError when the line failed the renewal: the call then fails as one without an
   * answer (kept, retried) instead of going out without a token and ending the session with its 401.
   */
  usable(): Promise<string | undefined>;
  /** Holds a token the token endpoint just gave (sign-in or renewal). */
  set(grant: TokenGrant): void;
  /** Forgets the token (logout); renewals from other tabs are ignored until the next sign-in. */
  clear(): void;
  /**
   * A renewed token. Callers at the same time share one request (single flight). `stale` is the token
   * the caller wants replaced: when another tab already replaced it, that newer token is used without a
   * request.
   */
  refresh(stale?: string): Promise<TokenGrant>;
  /** Stops listening to the other tabs. */
  dispose(): void;
}

export function createAccessTokenStore(options: AccessTokenStoreOptions): AccessTokenStore {
  const now = options.now ?? Date.now;
  const withLock = options.withLock ?? ((task) => task());
  let token: string | undefined;
  let expiresAt: number | null = null;
  // Signed out on purpose: a tab on the login page does not take another tab's renewed token.
  let cleared = false;
  let inflight: Promise<TokenGrant> | undefined;

  function hold(accessToken: string, at: number | null): void {
    token = accessToken;
    expiresAt = at;
  }

  function remainingMs(): number {
    return expiresAt === null ? Number.POSITIVE_INFINITY : expiresAt - now();
  }

  function heldGrant(accessToken: string): TokenGrant {
    const remaining = remainingMs();
    return { accessToken, expiresIn: Number.isFinite(remaining) ? Math.max(0, Math.floor(remaining / 1000)) : null };
  }

  const unsubscribe = options.channel?.subscribe((message) => {
    if (cleared || message.type !== 'token') return;
    hold(message.accessToken, message.expiresAt);
  });

  async function renew(stale: string | undefined): Promise<TokenGrant> {
    return withLock(async () => {
      // Waiting for the lock, another tab may have renewed already (its token came over the channel).
      if (token !== undefined && token !== stale && remainingMs() > ADOPT_MIN_REMAINING_MS) return heldGrant(token);
      let grant: TokenGrant;
      try {
        // A renewal the line failed is asked again at once: the server answers the cookie it has just
        // rotated with the same successor for a minute, so a lost answer costs a retry, not the session.
        grant = await retryTransient(() => options.refreshGrant(), options.retry);
      } catch (error) {
        // A refused cookie stays refused: no more renewals from calls until the next sign-in.
        if (isRefused(error)) cleared = true;
        throw error;
      }
      const at = grant.expiresIn === null ? null : now() + grant.expiresIn * 1000;
      hold(grant.accessToken, at);
      cleared = false;
      options.channel?.post({ type: 'token', accessToken: grant.accessToken, expiresAt: at });
      return grant;
    });
  }

  const store: AccessTokenStore = {
    current: () => token,
    async usable() {
      if (token === undefined && cleared) return undefined;
      if (token !== undefined && remainingMs() > EXPIRY_SKEW_MS) return token;
      try {
        return (await store.refresh(token)).accessToken;
      } catch (error) {
        if (isTransientError(error)) throw renewalFailed(error);
        // Refused: the call goes out without a token; its 401 reaches the session as any other.
        return undefined;
      }
    },
    set(grant) {
      hold(grant.accessToken, grant.expiresIn === null ? null : now() + grant.expiresIn * 1000);
      cleared = false;
    },
    clear() {
      token = undefined;
      expiresAt = null;
      cleared = true;
    },
    refresh(stale) {
      inflight ??= renew(stale).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    dispose() {
      unsubscribe?.();
    },
  };
  return store;
}

/** The browser's Web Lock for token renewal; without Web Locks (old browsers) renewals are not serialised. */
export function browserTokenLock(): AccessTokenStoreOptions['withLock'] {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return undefined;
  const locks = navigator.locks;
  return <T>(task: () => Promise<T>) => locks.request('corridor-token-refresh', task) as Promise<T>;
}

/** The tabs' channel for renewed tokens (same origin only); none where BroadcastChannel is missing. */
export function browserTokenChannel(): TokenChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel('corridor-access-token');
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent<TokenMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/**
 * A fetch that answers a 401 on a call made with a bearer token by renewing the token once and sending
 * the call again. A second 401 is the answer (the session then logs out, spec 1, section 8), and so is
 * the first when the server refused the renewal. A renewal the line failed is no refusal: the call
 * fails as one that got no answer, so a bad line never turns an expired token into a sign-out.
 */
export function fetchWithTokenRenewal(baseFetch: typeof fetch, store: Pick<AccessTokenStore, 'refresh'>): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.status !== 401) return response;
    const headers = new Headers(init?.headers);
    const authorization = headers.get('Authorization');
    if (!authorization?.startsWith('Bearer ')) return response;
    let renewed: string;
    try {
      renewed = (await store.refresh(authorization.slice('Bearer '.length))).accessToken;
    } catch (error) {
      if (isTransientError(error)) throw new TypeError(renewalFailed(error).message);
      return response;
    }
    headers.set('Authorization', `Bearer ${renewed}`);
    return baseFetch(input, { ...init, headers });
  };
}

import { ApiError, apiErrorFromResponse, DEFAULT_TIMEOUT_MS } from '@corridor/api/light';
import type { TokenGrant } from '@corridor/state-machines';

/**
 * The portal's OAuth calls: the password and refresh grants (POST /oauth/token) and the revocation
 * (POST /oauth/revoke, RFC 7009). They always go with the client's Basic credentials, never a bearer
 * token, as form bodies, and with the browser's cookies: the refresh token is the server's HttpOnly
 * `corridor_refresh` cookie (Path=/oauth), which no script here can read.
 */
export interface OAuthClientOptions {
  /** The auth root (or the base URL when the auth root is not set). */
  root: string;
  client: { id: string; secret: string };
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface OAuthClient {
  passwordGrant(username: string, password: string): Promise<TokenGrant>;
  /** A new access token from the refresh cookie, which the server rotates. */
  refreshGrant(): Promise<TokenGrant>;
  /** Revokes the session of the refresh cookie; the server clears the cookie. */
  revoke(options?: { timeoutMs?: number }): Promise<void>;
}

/** The refresh token travels as the HttpOnly cookie, never in an answer body. */
const COOKIE_TRANSPORT = { refresh_token_transport: 'cookie' } as const;

function basic(id: string, secret: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${id}:${secret}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function toGrant(data: unknown): TokenGrant {
  const answer = (data ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'The token answer has no access_token' });
  }
  const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : null;
  return { accessToken: answer.access_token, expiresIn };
}

export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const root = options.root.endsWith('/') ? options.root.slice(0, -1) : options.root;
  const authorization = basic(options.client.id, options.client.secret);

  /** `timeoutMs` null: no time-out of our own (the browser's network errors still end the call). */
  async function post(path: string, fields: Record<string, string>, timeoutMs: number | null): Promise<unknown> {
    const controller = new AbortController();
    const timer = timeoutMs === null ? undefined : setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(root + path, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: authorization,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
        // The refresh cookie must go (and come back) even when the auth root is another origin.
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (cause) {
      const timedOut = controller.signal.aborted;
      throw new ApiError({
        status: 0,
        code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        message: timedOut ? `No answer within ${timeoutMs} ms` : cause instanceof Error ? cause.message : String(cause),
        cause,
      });
    } finally {
      clearTimeout(timer);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw apiErrorFromResponse(response.status, response.statusText, text, response.headers.get('x-trace-id'));
    try {
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch (cause) {
      throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: 'The answer is not JSON', cause });
    }
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async passwordGrant(username, password) {
      return toGrant(await post('/oauth/token', { grant_type: 'password', username, password, ...COOKIE_TRANSPORT }, timeoutMs));
    },
    async refreshGrant() {
      // Never cut short: the server rotates the cookie as soon as it reads it, so an answer dropped by
      // a time-out of ours would leave the old (now reused) cookie in the jar and end the session. A
      // slow answer still lands its new cookie.
      return toGrant(await post('/oauth/token', { grant_type: 'refresh_token', ...COOKIE_TRANSPORT }, null));
    },
    async revoke(revokeOptions = {}) {
      await post('/oauth/revoke', {}, revokeOptions.timeoutMs ?? timeoutMs);
    },
  };
}

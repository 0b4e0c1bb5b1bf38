import { ApiError, createClient } from '@corridor/api';
import type { ApiConnection, CorridorApi, TokenGrant } from './corridor-api.ts';

function grantOf(answer: {
  access_token: string;
  expires_in: number;
  refresh_token?: string | undefined;
  refresh_expires_in?: number | undefined;
}): TokenGrant {
  const grant: TokenGrant = { accessToken: answer.access_token, expiresIn: answer.expires_in };
  if (answer.refresh_token !== undefined) grant.refreshToken = answer.refresh_token;
  if (answer.refresh_expires_in !== undefined) grant.refreshExpiresIn = answer.refresh_expires_in;
  return grant;
}

function codeOf(value: unknown): string | undefined {
  const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Why no answer came, from the deepest cause that says: Node's fetch rejects with `fetch failed` and
 * keeps the socket's error (ECONNREFUSED, ENOTFOUND, ...) as its cause, or an AggregateError of one
 * per address tried.
 */
function causeOf(error: unknown): string {
  let current: unknown = error;
  let text = error instanceof Error ? error.message : String(error);
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = codeOf(current);
    const inner = current instanceof AggregateError ? current.errors[0] : undefined;
    const message = current.message || (inner instanceof Error ? inner.message : '');
    if (code !== undefined) return message && !message.startsWith(code) ? `${code} ${message}` : message || code;
    if (message && message !== 'fetch failed') text = message;
    current = current.cause;
  }
  return text;
}

/** The method and URL of a request that got no answer, and why: what a person needs to fix it. */
function unanswered(error: unknown, sent: { method: string; url: string } | undefined): unknown {
  if (!(error instanceof ApiError) || error.status !== 0 || sent === undefined || error.code === 'ABORTED') return error;
  const why = error.code === 'TIMEOUT' ? error.message : causeOf(error.cause ?? error);
  return new ApiError({ status: 0, code: error.code, message: `${sent.method} ${sent.url}: ${why}`, cause: error });
}

function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  return typeof body === 'string' ? body : '(multipart form)';
}

/**
 * The commands' port over the contract's client: one base URL for every backend root (the CLI talks to
 * one server), Bearer from the profile's token, the OAuth client's Basic credentials when there is none.
 */
export function createContractCorridorApi(connection: ApiConnection, fetchImpl?: typeof fetch): CorridorApi {
  const base = fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let sent: { method: string; url: string } | undefined;
  // Every request passes here: the last one sent names the URL of a failure, the observer sees each.
  const observed: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? 'GET';
    sent = { method, url };
    connection.observer?.request?.({ method, url, headers: { ...(init?.headers as Record<string, string> | undefined) }, body: bodyText(init?.body) });
    const response = await base(input, init);
    connection.observer?.response?.({ status: response.status, statusText: response.statusText, headers: [...response.headers.entries()] });
    return response;
  };
  const client = createClient({
    baseUrl: connection.apiRoot,
    getToken: () => connection.token,
    ...(connection.clientCredentials ? { clientCredentials: connection.clientCredentials } : {}),
    fetch: observed,
  });
  const api = {
    async passwordGrant(username, password) {
      // A form body rather than the query string keeps the password out of access logs.
      const answer = await client.call('users.tokenPost', { body: { grant_type: 'password', username, password } });
      return grantOf(answer);
    },
    async refreshGrant(refreshToken) {
      const answer = await client.call('users.tokenPost', { body: { grant_type: 'refresh_token', refresh_token: refreshToken } });
      return grantOf(answer);
    },
    async revoke(token) {
      await client.call('users.revoke', { body: { token } });
    },
    currentUser: () => client.call('users.me'),
    request: (method, path, options = {}) => {
      const input: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> } = {};
      if (options.query !== undefined) input.query = options.query;
      if (options.body !== undefined) input.body = options.body;
      if (options.headers !== undefined) input.headers = options.headers;
      return client.request(method, path, input);
    },
    call: (id, ...args) => client.call(id, ...args),
  } satisfies CorridorApi;
  async function named<T>(call: () => Promise<T>): Promise<T> {
    sent = undefined;
    try {
      return await call();
    } catch (error) {
      throw unanswered(error, sent);
    }
  }
  return {
    passwordGrant: (username, password) => named(() => api.passwordGrant(username, password)),
    refreshGrant: (refreshToken) => named(() => api.refreshGrant(refreshToken)),
    revoke: (token) => named(() => api.revoke(token)),
    currentUser: () => named(() => api.currentUser()),
    request: (method, path, options) => named(() => api.request(method, path, options)),
    call: (id, ...args) => named(() => api.call(id, ...args)),
  };
}

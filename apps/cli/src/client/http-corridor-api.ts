import type { HttpMethod } from '@corridor/api';
import { currentUser } from '@corridor/api';
import type { ApiConnection, CorridorApi, QueryParams, RequestOptions } from './corridor-api.ts';
import type { ApiFailure } from './api-failure.ts';

const TIMEOUT_MS = 30_000;

/** A non-2xx answer, with the error body of the contract (code, message, invalidParameters, traceId). */
export class HttpApiError extends Error implements ApiFailure {
  readonly status: number;
  readonly code: string;
  readonly invalidParameters: Array<{ parameter: string; message: string }>;
  readonly traceId: string;
  constructor(status: number, body: Partial<ApiFailure>) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? `HTTP_${status}`;
    this.invalidParameters = Array.isArray(body.invalidParameters) ? body.invalidParameters : [];
    this.traceId = body.traceId ?? '';
  }
}

function urlOf(apiRoot: string, path: string, query?: QueryParams): string {
  const url = new URL(`${apiRoot.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, item);
  }
  return url.toString();
}

async function failureOf(response: Response): Promise<HttpApiError> {
  const text = await response.text();
  let body: Partial<ApiFailure> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Partial<ApiFailure>;
  } catch {
    body = { message: text.slice(0, 200) || response.statusText };
  }
  body.traceId ??= response.headers.get('x-trace-id') ?? '';
  return new HttpApiError(response.status, body);
}

async function answerOf(response: Response): Promise<unknown> {
  if (!response.ok) throw await failureOf(response);
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
  if (type.startsWith('text/')) return response.text();
  return new Uint8Array(await response.arrayBuffer());
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/**
 * The backend over HTTP, with the contract's header rules: Bearer when signed in, the client's Basic
 * credentials otherwise, JSON bodies, time-out, and error bodies turned into one error type.
 */
export function createHttpCorridorApi(connection: ApiConnection, fetchImpl: typeof fetch = fetch): CorridorApi {
  function authorization(): Record<string, string> {
    if (connection.token) return { authorization: `Bearer ${connection.token}` };
    if (connection.clientCredentials) {
      return { authorization: basic(connection.clientCredentials.id, connection.clientCredentials.secret) };
    }
    return {};
  }

  async function request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...authorization() };
    const init: RequestInit = { method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    return answerOf(await fetchImpl(urlOf(connection.apiRoot, path, options.query), init));
  }

  return {
    request,
    async passwordGrant(username, password) {
      const form = new URLSearchParams({ grant_type: 'password', username, password });
      const response = await fetchImpl(urlOf(connection.apiRoot, '/oauth/token'), {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          ...authorization(),
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await answerOf(response)) as { access_token?: unknown; expires_in?: unknown };
      if (typeof answer.access_token !== 'string') throw new Error('the token answer has no access_token');
      return {
        accessToken: answer.access_token,
        expiresIn: typeof answer.expires_in === 'number' ? answer.expires_in : 0,
      };
    },
    async currentUser() {
      return currentUser.parse(await request('GET', '/users/me'));
    },
  };
}

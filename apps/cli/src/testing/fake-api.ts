import { ApiError, definitions } from '@corridor/api';
import type { CallId, CurrentUser, HttpMethod } from '@corridor/api';
import type { ApiConnection, ApiFactory, CorridorApi, RequestOptions, TokenGrant } from '../client/corridor-api.ts';

export interface RecordedRequest {
  connection: ApiConnection;
  method: HttpMethod;
  path: string;
  options: RequestOptions;
  /** The contract's call id when the command called it by id (`api.call`). */
  callId?: CallId;
}

export interface FakeBackend {
  factory: ApiFactory;
  connections: ApiConnection[];
  requests: RecordedRequest[];
  grants: Array<{ connection: ApiConnection; username: string; password: string }>;
  refreshes: Array<{ connection: ApiConnection; refreshToken: string }>;
  revocations: Array<{ connection: ApiConnection; token: string }>;
}

export interface FakeBackendHandlers {
  grant?: (username: string, password: string) => TokenGrant;
  refresh?: (refreshToken: string) => TokenGrant;
  revoke?: (token: string) => void;
  me?: (connection: ApiConnection) => CurrentUser;
  request?: (method: HttpMethod, path: string, options: RequestOptions) => unknown;
}

/** An error answer of the contract, as the HTTP client would raise it. */
export function apiError(status: number, code: string, message = code): ApiError {
  return new ApiError({ status, code, message, invalidParameters: [], traceId: 'trace-1' });
}

/**
 * Shows a fake exchange to the connection's observer as the real client would: the request with the
 * bearer token, then 200 OK (or the status of the error thrown) with a JSON content type.
 */
function observed(connection: ApiConnection, method: HttpMethod, path: string, options: RequestOptions, answer: () => unknown): unknown {
  const observer = connection.observer;
  if (observer === undefined) return answer();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (connection.token) headers['Authorization'] = `Bearer ${connection.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);
  observer.request?.({ method, url: `${connection.apiRoot}${path}`, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const head = (status: number, statusText: string) => ({ status, statusText, headers: [['content-type', 'application/json']] as Array<[string, string]> });
  try {
    const value = answer();
    observer.response?.(head(200, 'OK'));
    return value;
  } catch (error) {
    if (error instanceof ApiError) observer.response?.(head(error.status, error.code));
    throw error;
  }
}

/** A backend in memory that records every call; handlers decide the answers. */
export function fakeBackend(handlers: FakeBackendHandlers = {}): FakeBackend {
  const backend: FakeBackend = {
    connections: [],
    requests: [],
    grants: [],
    refreshes: [],
    revocations: [],
    factory: (connection) => {
      backend.connections.push(connection);
      const api: CorridorApi = {
        async passwordGrant(username, password) {
          backend.grants.push({ connection, username, password });
          if (!handlers.grant) throw new Error('no grant handler');
          return handlers.grant(username, password);
        },
        async refreshGrant(refreshToken) {
          backend.refreshes.push({ connection, refreshToken });
          if (!handlers.refresh) throw new Error('no refresh handler');
          return handlers.refresh(refreshToken);
        },
        async revoke(token) {
          backend.revocations.push({ connection, token });
          handlers.revoke?.(token);
        },
        async currentUser() {
          if (!handlers.me) throw new Error('no me handler');
          return handlers.me(connection);
        },
        async request(method, path, options = {}) {
          backend.requests.push({ connection, method, path, options });
          if (!handlers.request) throw new Error('no request handler');
          const handler = handlers.request;
          return observed(connection, method, path, options, () => handler(method, path, options));
        },
        // A call by id is recorded with its definition's method and path, answered by the same handler.
        async call(id, ...args) {
          const definition = definitions[id];
          const input = (args[0] ?? {}) as { path?: Record<string, string>; query?: RequestOptions['query']; body?: unknown };
          const path = definition.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.path?.[name] ?? ''));
          const options: RequestOptions = { query: input.query ?? {}, body: input.body };
          backend.requests.push({ connection, method: definition.method, path, options, callId: id });
          if (!handlers.request) throw new Error('no request handler');
          return handlers.request(definition.method, path, options) as never;
        },
      };
      return api;
    },
  };
  return backend;
}

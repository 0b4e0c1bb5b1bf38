import { ApiError } from '@corridor/api';
import type { CurrentUser, HttpMethod } from '@corridor/api';
import type { ApiConnection, ApiFactory, CorridorApi, RequestOptions, TokenGrant } from '../client/corridor-api.ts';

export interface RecordedRequest {
  connection: ApiConnection;
  method: HttpMethod;
  path: string;
  options: RequestOptions;
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
          return handlers.request(method, path, options);
        },
      };
      return api;
    },
  };
  return backend;
}

import { createClient } from '@corridor/api';
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

/**
 * The commands' port over the contract's client: one base URL for every backend root (the CLI talks to
 * one server), Bearer from the profile's token, the OAuth client's Basic credentials when there is none.
 */
export function createContractCorridorApi(connection: ApiConnection, fetchImpl?: typeof fetch): CorridorApi {
  const client = createClient({
    baseUrl: connection.apiRoot,
    getToken: () => connection.token,
    ...(connection.clientCredentials ? { clientCredentials: connection.clientCredentials } : {}),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
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
  };
}

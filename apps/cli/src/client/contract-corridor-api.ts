import { createClient } from '@corridor/api';
import type { ApiConnection, CorridorApi } from './corridor-api.ts';

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
      return { accessToken: answer.access_token, expiresIn: answer.expires_in };
    },
    currentUser: () => client.call('users.me'),
    request: (method, path, options = {}) => {
      const input: { query?: Record<string, unknown>; body?: unknown } = {};
      if (options.query !== undefined) input.query = options.query;
      if (options.body !== undefined) input.body = options.body;
      return client.request(method, path, input);
    },
  };
}

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContractCorridorApi } from './client/contract-corridor-api.ts';
import { logout } from './commands/session/logout.ts';
import { NotSignedInError } from './errors.ts';
import { signedInApi } from './session.ts';
import { memoryConfigStore } from './testing/memory-config-store.ts';
import { testContext, testDependencies } from './testing/test-context.ts';

// A profile's tokens belong to the server that issued them. Another server named by --api-root (or by
// CORRIDOR_API_ROOT) must never see the access token, the refresh token or the client secret, and its 401
// must not end the profile's session. The other server here is a real HTTP listener that records
// everything it is sent and answers 401 to all of it.

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let other: Server;
let otherRoot: string;
const seen: Seen[] = [];

beforeAll(async () => {
  other = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Sign-in is required', invalidParameters: [], traceId: 't' }));
    });
  });
  await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening));
  otherRoot = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((closed) => other.close(() => closed()));
});
beforeEach(() => {
  seen.length = 0;
});

/** The issuing server: never reached in these tests (nothing listens on port 9). */
const ISSUER = 'http://127.0.0.1:9';
const CLIENT_SECRET = 'cli-client-secret-that-must-stay-home';

const session = {
  apiRoot: ISSUER,
  username: '900000001',
  token: 'access-token-of-the-issuer',
  expiresAt: '2026-03-01T10:10:00.000Z',
  refreshToken: 'refresh-token-of-the-issuer',
  refreshExpiresAt: '2026-03-31T10:00:00.000Z',
};

function setUp(profile: Record<string, string>, env: Record<string, string> = {}) {
  const config = memoryConfigStore({ profiles: { default: profile } });
  const deps = testDependencies({ config, env: { CORRIDOR_CLIENT_ID: 'corridor-cli', CORRIDOR_CLIENT_SECRET: CLIENT_SECRET, ...env } });
  // The real HTTP client, so what would go on the wire is what the listener sees.
  deps.createApi = (connection) => createContractCorridorApi(connection);
  return { config, deps };
}

function expectNothingLeaked() {
  const everything = JSON.stringify(seen);
  for (const secret of [session.token, session.refreshToken, CLIENT_SECRET, Buffer.from(`corridor-cli:${CLIENT_SECRET}`).toString('base64')]) {
    expect(everything).not.toContain(secret);
  }
  for (const request of seen) expect(request.headers.authorization).toBeUndefined();
}

describe("a profile's tokens go only to the server that issued them", () => {
  it('--api-root naming another server is refused before anything is sent, with the login to run; the session stays', async () => {
    for (const expiresAt of [session.expiresAt, '2026-03-01T09:00:00.000Z']) {
      const { config, deps } = setUp({ ...session, expiresAt });
      const attempt = signedInApi(testContext(deps, { apiRootOption: otherRoot })).then(({ api }) => api.currentUser());
      await expect(attempt).rejects.toThrow(NotSignedInError);
      await expect(attempt).rejects.toThrow(`corridor login --api-root ${otherRoot}`);
      expect(config.current().profiles['default']).toEqual({ ...session, expiresAt });
    }
    expectNothingLeaked();
    expect(seen).toEqual([]);
  });

  it('logout with --api-root naming another server sends it nothing and keeps the session', async () => {
    const { config, deps } = setUp(session);
    await expect(logout(testContext(deps, { apiRootOption: otherRoot }))).rejects.toThrow(NotSignedInError);
    expectNothingLeaked();
    expect(seen).toEqual([]);
    expect(config.current().profiles['default']).toEqual(session);
  });

  it('CORRIDOR_API_ROOT naming another server does not move the session there', async () => {
    const { config, deps } = setUp({ ...session, expiresAt: '2026-03-01T09:00:00.000Z' }, { CORRIDOR_API_ROOT: otherRoot });
    // The profile's own server is down here: the call fails, but not by sending the tokens elsewhere.
    await expect(signedInApi(testContext(deps)).then(({ api }) => api.currentUser())).rejects.toThrow();
    expectNothingLeaked();
    expect(seen).toEqual([]);
    expect(config.current().profiles['default']).toEqual({ ...session, expiresAt: '2026-03-01T09:00:00.000Z' });
  });

  it('--api-root naming the issuing server (a trailing slash aside) is used as before', async () => {
    const { deps } = setUp({ ...session, apiRoot: otherRoot });
    // The listener is the issuer here: it gets the token, and its 401 is then the issuer's own answer.
    const attempt = signedInApi(testContext(deps, { apiRootOption: `${otherRoot}/` })).then(({ api }) => api.currentUser());
    await expect(attempt).rejects.toThrow();
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${session.token}`);
  });
});

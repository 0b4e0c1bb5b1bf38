import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { PORTAL_BASIC, startTestServer, type TestServer } from '../../test/test-server.ts';

/**
 * A directory that answers what each test tells it to: its discovery document, its keys and a token
 * endpoint whose ID token the test writes (issuer, audience, nonce, signing key). The real demo provider
 * is driven by the browser test (e2e/src/directory-sign-in.e2e.ts).
 */
interface FakeDirectory {
  url: string;
  /** The ID token claims the next code exchange answers with, from the nonce the sign-in was sent with. */
  claims: (nonce: string) => JWTPayload;
  /** Signs with another key than the published one when set. */
  forgedKey: CryptoKey | null;
  /** What the token endpoint last received. */
  lastTokenRequest: URLSearchParams | null;
  close: () => Promise<void>;
}

const CLIENT_ID = 'corridor-test';
const CLIENT_SECRET = 'directory-test-secret';

let directory: FakeDirectory;
let s: TestServer;
let pendingNonce = '';

async function startFakeDirectory(): Promise<FakeDirectory> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const fake: FakeDirectory = {
    url: '',
    claims: () => ({}),
    forgedKey: null,
    lastTokenRequest: null,
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      void (async () => {
        const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/.well-known/openid-configuration') {
          json({
            issuer: fake.url,
            authorization_endpoint: `${fake.url}/authorize`,
            token_endpoint: `${fake.url}/token`,
            jwks_uri: `${fake.url}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
          });
        } else if (req.url === '/jwks') {
          json({ keys: [jwk] });
        } else if (req.url === '/token' && req.method === 'POST') {
          fake.lastTokenRequest = new URLSearchParams(raw);
          const now = Math.floor(Date.now() / 1000);
          const idToken = await new SignJWT({ iat: now, exp: now + 300, ...fake.claims(pendingNonce) })
            .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
            .sign(fake.forgedKey ?? privateKey);
          json({ access_token: 'directory-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken });
        } else {
          res.writeHead(404).end();
        }
      })();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  fake.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fake.close = () => new Promise((done) => server.close(() => done()));
  return fake;
}

beforeAll(async () => {
  directory = await startFakeDirectory();
  s = await startTestServer({
    directory: { issuer: directory.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, idClaim: 'digit9Id', demo: false },
  });
});
afterAll(async () => {
  await s.close();
  await directory.close();
});

/** A sign-in as the browser starts it: where it is sent, and the sealed cookie it holds meanwhile. */
async function start(): Promise<{ authorize: URL; cookie: string }> {
  const res = await s.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode, res.body).toBe(302);
  const authorize = new URL(String(res.headers.location));
  const cookie = res.cookies.find((c) => c.name === 'corridor_directory');
  expect(cookie?.httpOnly).toBe(true);
  pendingNonce = authorize.searchParams.get('nonce') ?? '';
  return { authorize, cookie: `corridor_directory=${cookie?.value ?? ''}` };
}

function callback(query: Record<string, string>, cookie?: string): Promise<LightMyRequestResponse> {
  return s.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/callback?${new URLSearchParams(query).toString()}`,
    headers: cookie ? { cookie } : {},
  });
}

const goodClaims = (digit9Id: string) => (nonce: string) => ({ iss: directory.url, aud: CLIENT_ID, sub: `ad-${digit9Id}`, nonce, digit9Id });

function expectRefused(res: LightMyRequestResponse, reason: string): void {
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(`/login?directoryError=${reason}`);
  expect(res.cookies.find((c) => c.name === 'corridor_refresh')).toBeUndefined();
}

describe('directory sign-in (OpenID Connect)', () => {
  it('the portal is told to send the directory button to the server', async () => {
    expect((await s.get('/portal-config.json')).json().directorySignInUrl).toBe('/api/auth/oidc/start');
  });

  it('sends the browser to the directory with PKCE (S256), a state and a nonce', async () => {
    const { authorize } = await start();
    expect(authorize.origin + authorize.pathname).toBe(`${directory.url}/authorize`);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('scope')).toContain('openid');
    expect(params.get('redirect_uri')).toBe(`${s.config.publicUrl}/api/auth/oidc/callback`);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)?.length ?? 0).toBeGreaterThanOrEqual(32);
    const second = await start();
    expect(second.authorize.searchParams.get('state')).not.toBe(params.get('state'));
  });

  it('signs the matching user in: refresh token in the HttpOnly cookie, the portal renews it into their session', async () => {
    const { authorize, cookie } = await start();
    directory.claims = goodClaims('100000001');
    const res = await callback({ code: 'code-1', state: authorize.searchParams.get('state') ?? '' }, cookie);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/');
    // The code went with the verifier whose S256 is the challenge the browser carried.
    const verifier = directory.lastTokenRequest?.get('code_verifier') ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(authorize.searchParams.get('code_challenge'));
    const refresh = res.cookies.find((c) => c.name === 'corridor_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, path: '/oauth', sameSite: 'Strict' });
    expect(res.cookies.find((c) => c.name === 'corridor_directory')?.value).toBe('');

    const renewed = await s.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded', cookie: `corridor_refresh=${refresh?.value ?? ''}` },
      payload: 'grant_type=refresh_token&refresh_token_transport=cookie',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const me = await s.get('/users/me', renewed.json().access_token as string);
    expect(me.json().digit9Id).toBe('100000001');

    // Signing out revokes that session like any other.
    await s.app.inject({ method: 'POST', url: '/oauth/revoke', headers: { authorization: PORTAL_BASIC, cookie: `corridor_refresh=${refresh?.value ?? ''}` } });
    expect((await s.get('/users/me', renewed.json().access_token as string)).statusCode).toBe(401);
  });

  it('refuses an ID token from another issuer', async () => {
    const { authorize, cookie } = await start();
    directory.claims = (nonce) => ({ ...goodClaims('100000001')(nonce), iss: 'https://login.other.example' });
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'failed');
  });

  it('refuses an ID token for another audience', async () => {
    const { authorize, cookie } = await start();
    directory.claims = (nonce) => ({ ...goodClaims('100000001')(nonce), aud: 'another-client' });
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'failed');
  });

  it('refuses an ID token with another nonce (a replayed token)', async () => {
    const { authorize, cookie } = await start();
    directory.claims = (nonce) => ({ ...goodClaims('100000001')(nonce), nonce: `${nonce}x` });
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'failed');
  });

  it('refuses an ID token signed by a key the directory does not publish', async () => {
    const { authorize, cookie } = await start();
    directory.claims = goodClaims('100000001');
    directory.forgedKey = (await generateKeyPair('RS256')).privateKey;
    try {
      expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'failed');
    } finally {
      directory.forgedKey = null;
    }
  });

  it('refuses a callback with another state, or from a browser that did not start it', async () => {
    const { authorize, cookie } = await start();
    directory.claims = goodClaims('100000001');
    expectRefused(await callback({ code: 'c', state: 'not-the-state' }, cookie), 'expired');
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }), 'expired');
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, 'corridor_directory=forged'), 'expired');
  });

  it('refuses a sign-in started more than ten minutes ago', async () => {
    const { authorize, cookie } = await start();
    directory.claims = goodClaims('100000001');
    s.advance(11 * 60 * 1000);
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'expired');
  });

  it('says the directory refused when it answers with an error', async () => {
    const { authorize, cookie } = await start();
    expectRefused(await callback({ error: 'access_denied', state: authorize.searchParams.get('state') ?? '' }, cookie), 'refused');
  });

  it('refuses a directory user with no active Corridor user of that ID', async () => {
    const { authorize, cookie } = await start();
    directory.claims = goodClaims('123456780');
    expectRefused(await callback({ code: 'c', state: authorize.searchParams.get('state') ?? '' }, cookie), 'unknown-user');
  });
});

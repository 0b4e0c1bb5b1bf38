import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { currentUser, errorBody } from '@corridor/api';
import { PORTAL_BASIC, startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

function grant(query: string, authorization = PORTAL_BASIC) {
  return s.app.inject({ method: 'POST', url: `/oauth/token?${query}`, headers: { authorization } });
}

describe('token grant', () => {
  it('signs in with the password grant in a form body and issues a 15-minute JWT with the shared claims and its session', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=200000001&password=Corridor2026',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { access_token: string; token_type: string; expires_in: number; refresh_token: string; refresh_expires_in: number };
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(900);
    expect(body.refresh_expires_in).toBe(30 * 24 * 3600);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(body.access_token);
    expect(claims.role).toBe('SERVICE_PROVIDER');
    expect(claims.orgType).toBe('SERVICE_PROVIDER');
    expect(typeof claims.org).toBe('string');
    expect(typeof claims.sid).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
  });

  it('accepts the grant in the query string, on GET and POST', async () => {
    const post = await grant('grant_type=password&username=100000001&password=Corridor2026');
    expect(post.statusCode).toBe(200);
    const get = await s.app.inject({
      method: 'GET',
      url: '/oauth/token?grant_type=password&username=900000001&password=Corridor2026',
      headers: { authorization: PORTAL_BASIC },
    });
    expect(get.statusCode).toBe(200);
    expect(decodeJwt((get.json() as { access_token: string }).access_token).org).toBeNull();
  });

  it('accepts a grant split between the query string and the form body', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/oauth/token?grant_type=password&username=100000006',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=Corridor2026',
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt((res.json() as { access_token: string }).access_token).role).toBe('MERCHANT_SERVICE');
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password or an unknown id', async () => {
    for (const query of ['username=100000002&password=wrong', 'username=999999999&password=Corridor2026']) {
      const res = await grant(`grant_type=password&${query}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    // One failure is forgotten after a good sign-in.
    expect((await grant('grant_type=password&username=100000002&password=Corridor2026')).statusCode).toBe(200);
  });

  it('refuses a wrong or missing client with 401 INVALID_CLIENT', async () => {
    const wrong = `Basic ${Buffer.from('corridor-portal:guess').toString('base64')}`;
    const res = await grant('grant_type=password&username=100000001&password=Corridor2026', wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CLIENT');
    const none = await s.app.inject({ method: 'POST', url: '/oauth/token?grant_type=password&username=1&password=x' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('INVALID_CLIENT');
  });

  it('names the missing fields of an incomplete grant', async () => {
    const res = await grant('grant_type=password');
    expect(res.statusCode).toBe(400);
    const body = errorBody.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.invalidParameters.map((p) => p.parameter).sort()).toEqual(['password', 'username']);
  });

  it('locks the account after 5 failures in a row for 15 minutes, even for the right password', async () => {
    const wrong = 'grant_type=password&username=100000003&password=nope';
    for (let i = 1; i <= 5; i++) expect((await grant(wrong)).json().code).toBe('INVALID_CREDENTIALS');
    const right = 'grant_type=password&username=100000003&password=Corridor2026';
    const locked = await grant(right);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('INVALID_CREDENTIALS');
    s.advance(14 * 60 * 1000);
    expect((await grant(right)).statusCode).toBe(401);
    s.advance(61 * 1000);
    expect((await grant(right)).statusCode).toBe(200);
  });
});

describe('current user and access rules', () => {
  it('answers /users/me for the token holder', async () => {
    const token = await s.token('100000004');
    const res = await s.get('/users/me', token);
    expect(res.statusCode).toBe(200);
    const me = currentUser.parse(res.json());
    expect(me).toMatchObject({ digit9Id: '100000004', name: 'Hannah Clarke', role: 'MERCHANT_SERVICE', organisationType: 'MERCHANT' });
    expect(me.parentId).not.toBeNull();
  });

  it('answers 401 UNAUTHORIZED without a token, with a forged one, or with an expired one', async () => {
    for (const authorization of [undefined, 'Bearer not-a-jwt', PORTAL_BASIC]) {
      const res = await s.app.inject({ method: 'GET', url: '/users/me', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    const later = await startTestServer();
    try {
      const token = await later.token('100000005');
      later.advance(15 * 60 * 1000 + 1000);
      expect((await later.get('/users/me', token)).statusCode).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('answers 403 FORBIDDEN when the role does not match the path audience', async () => {
    const merchant = await s.token('100000001');
    const sp = await s.token('200000001');
    for (const [url, token] of [
      ['/s/api/v1/user', merchant],
      ['/m/api/v1/user', sp],
      ['/v1/internal/errors', sp],
      ['/v1/internal/cache/get', merchant],
    ] as const) {
      const res = await s.get(url, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 404 ROUTE_NOT_FOUND with the error body and trace id for an unknown call', async () => {
    const res = await s.get('/v1/no-such-call');
    expect(res.statusCode).toBe(404);
    const body = errorBody.parse(res.json());
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(res.headers['x-trace-id']).toBe(body.traceId);
    expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path and another method', async () => {
    const res = await s.app.inject({ method: 'PATCH', url: '/oauth/token' });
    expect(res.statusCode).toBe(405);
    expect(res.json().code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('GET, POST');
    const byId = await s.app.inject({ method: 'POST', url: '/v1/currencies/EUR' });
    expect(byId.statusCode).toBe(405);
    expect(byId.headers.allow).toBe('GET');
  });

  it('names each bad query field and never shows a stack trace', async () => {
    const token = await s.token('100000001');
    const res = await s.get('/m/api/v1/user?size=abc&page=-1', token);
    expect(res.statusCode).toBe(400);
    const body = errorBody.parse(res.json());
    expect(body.invalidParameters.map((p) => p.parameter).sort()).toEqual(['page', 'size']);
    const broken = await s.app.inject({
      method: 'PUT',
      url: '/m/api/v1/user/password',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"newPassword": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('MALFORMED_REQUEST');
    expect(broken.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(Object.keys(broken.json()).sort()).toEqual(['code', 'invalidParameters', 'message', 'traceId']);
  });

  it('puts x-trace-id on successful answers too', async () => {
    const res = await s.get('/portal-config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ version: '0.0.398', directorySignInUrl: null });
  });

  it('signs out a deleted user at once, although the token has not expired', async () => {
    const admin = await s.token('900000001');
    const owner = await s.token('100000001');
    const globex = (await s.get('/users/me', owner)).json().parentId as string;
    const created = await s.app.inject({
      method: 'POST',
      url: '/v1/internal/users',
      headers: { authorization: `Bearer ${admin}` },
      payload: { digit9Id: '100000099', name: 'Temp User', role: 'MERCHANT_SERVICE', parentId: globex, password: 'Temporary1' },
    });
    expect(created.statusCode).toBe(201);
    const token = await s.token('100000099', 'Temporary1');
    expect((await s.get('/users/me', token)).statusCode).toBe(200);
    // Another merchant cannot delete it; its own merchant can.
    const stark = await s.token('100000004');
    const url = `/m/api/v1/user/${created.json().id as string}`;
    expect((await s.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${stark}` } })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${owner}` } })).statusCode).toBe(204);
    expect((await s.get('/users/me', token)).statusCode).toBe(401);
  });
});

describe('openapi and docs', () => {
  it('serves the OpenAPI document of the served calls and the reference page', async () => {
    const doc = (await s.get('/openapi.json')).json() as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(doc.paths['/users/me']?.get?.['x-corridor-served']).toBe(true);
    expect(doc.paths['/v1/currencies/{code}']?.get?.['x-corridor-served']).toBe(true);
    const unserved = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op['x-corridor-served'] === false);
    // Every call not served yet is marked, not left out.
    expect(unserved.length + s.servedCount()).toBe(Object.values(doc.paths).flatMap((item) => Object.values(item)).length);
    const page = await s.get('/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/openapi.json');
    const bundle = await s.get('/docs/standalone.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });
});

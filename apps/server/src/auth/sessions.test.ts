import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { DEMO_PASSWORD, PORTAL_BASIC, TEST_JWT_SECRET, startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { createUser } from '../users/user-service.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from './session-service.ts';

let s: TestServer;
let adminId: string;
let globex: string;
let seq = 0;

beforeAll(async () => {
  s = await startTestServer();
  const owner = (await s.get('/users/me', await s.token('100000001'))).json() as { parentId: string };
  globex = owner.parentId;
  adminId = (await s.get('/users/me', await s.token('900000001'))).json().id as string;
});
afterAll(async () => {
  await expectLedgerConsistent(s.database.db);
  await s.close();
});

interface Grant {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  refresh_expires_in: number;
}

async function newUser(): Promise<{ digit9Id: string; id: string }> {
  const digit9Id = `1888${String(++seq).padStart(5, '0')}`;
  const row = await createUser(
    s.database.db,
    { digit9Id, name: `Session ${seq}`, password: DEMO_PASSWORD },
    'MERCHANT_SERVICE',
    globex,
    adminId,
    s.config.now(),
  );
  return { digit9Id, id: row.id };
}

function form(fields: Record<string, string>, options: { url?: string; cookie?: string; basic?: boolean } = {}) {
  return s.app.inject({
    method: 'POST',
    url: options.url ?? '/oauth/token',
    headers: {
      ...(options.basic === false ? {} : { authorization: PORTAL_BASIC }),
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: `corridor_refresh=${options.cookie}` } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function signIn(digit9Id: string, transport?: 'cookie'): Promise<Grant & { cookie?: string }> {
  const res = await form({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD, ...(transport ? { refresh_token_transport: transport } : {}) });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'corridor_refresh');
  return { ...(res.json() as Grant), ...(cookie ? { cookie: cookie.value } : {}) };
}

const refresh = (token: string) => form({ grant_type: 'refresh_token', refresh_token: token });

async function expectSignedOut(grant: Grant) {
  expect((await s.get('/users/me', grant.access_token)).statusCode).toBe(401);
  const again = await refresh(grant.refresh_token!);
  expect(again.statusCode).toBe(401);
  expect(again.json().code).toBe('INVALID_GRANT');
}

describe('refresh tokens', () => {
  it('rotates the refresh token on each use and keeps the session', async () => {
    const user = await newUser();
    const first = await signIn(user.digit9Id);
    const res = await refresh(first.refresh_token!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = res.json() as Grant;
    expect(second).toMatchObject({ token_type: 'bearer', expires_in: 900, refresh_expires_in: 2592000 });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // A new access token even within the same second (each carries its own jti).
    expect(second.access_token).not.toBe(first.access_token);
    expect((await s.get('/users/me', second.access_token)).json().digit9Id).toBe(user.digit9Id);
    // The first access token belongs to the same session: still good until it expires.
    expect((await s.get('/users/me', first.access_token)).statusCode).toBe(200);
  });

  it('answers a renewal whose answer was lost with the same successor, and the session goes on', async () => {
    const user = await newUser();
    const first = await signIn(user.digit9Id);
    // The server rotates and commits; the answer never reaches the client.
    const lost = (await refresh(first.refresh_token!)).json() as Grant;
    // The client still holds the previous token and asks again: the same successor, no new family member.
    const retry = await refresh(first.refresh_token!);
    expect(retry.statusCode).toBe(200);
    const retried = retry.json() as Grant;
    expect(retried.refresh_token).toBe(lost.refresh_token);
    expect((await s.get('/users/me', retried.access_token)).statusCode).toBe(200);
    const rows = await s.database.db.execute(
      sql`select count(*)::int as n from session_refresh_tokens t join sessions x on x.id = t.session_id join users u on u.id = x.user_id where u.digit9_id = ${user.digit9Id}`,
    );
    expect(rowsOf<{ n: number }>(rows)[0]!.n).toBe(2);
    // The successor carries the session on.
    const next = await refresh(retried.refresh_token!);
    expect(next.statusCode).toBe(200);
    expect((await s.get('/users/me', (next.json() as Grant).access_token)).statusCode).toBe(200);
  });

  it('revokes the whole session when a token two generations old comes back, even within the window', async () => {
    const user = await newUser();
    const first = await signIn(user.digit9Id);
    const second = (await refresh(first.refresh_token!)).json() as Grant;
    const third = (await refresh(second.refresh_token!)).json() as Grant;
    const reuse = await refresh(first.refresh_token!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_GRANT' });
    await expectSignedOut(third);
    expect((await s.get('/users/me', first.access_token)).statusCode).toBe(401);
    // Another sign-in of the same user is another session, untouched.
    const other = await signIn(user.digit9Id);
    expect((await s.get('/users/me', other.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token comes back after the grace window', async () => {
    const later = await startTestServer();
    try {
      const grant = (await later.signIn('100000002')).json() as Grant;
      const refreshThere = (token: string) =>
        later.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
        });
      const successor = (await refreshThere(grant.refresh_token!)).json() as Grant;
      later.advance((REFRESH_REUSE_GRACE_SECONDS - 1) * 1000);
      // Still inside the window: the same successor.
      const inside = await refreshThere(grant.refresh_token!);
      expect(inside.statusCode).toBe(200);
      expect((inside.json() as Grant).refresh_token).toBe(successor.refresh_token);
      later.advance(2 * 1000);
      const replay = await refreshThere(grant.refresh_token!);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 'INVALID_GRANT' });
      // The whole family is gone: the successor too.
      expect((await refreshThere(successor.refresh_token!)).statusCode).toBe(401);
      expect((await later.get('/users/me', successor.access_token)).statusCode).toBe(401);
    } finally {
      await later.close();
    }
  });

  it('gives 30 concurrent renewals of one token (tabs, retries) one successor', async () => {
    const user = await newUser();
    const first = await signIn(user.digit9Id);
    const answers = await Promise.all(Array.from({ length: 30 }, () => refresh(first.refresh_token!)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const successors = new Set(answers.map((a) => (a.json() as Grant).refresh_token));
    expect(successors.size).toBe(1);
    const rows = await s.database.db.execute(
      sql`select count(*)::int as n from session_refresh_tokens t join sessions x on x.id = t.session_id join users u on u.id = x.user_id where u.digit9_id = ${user.digit9Id}`,
    );
    expect(rowsOf<{ n: number }>(rows)[0]!.n).toBe(2);
    const next = await refresh([...successors][0]!);
    expect(next.statusCode).toBe(200);
  });

  it('refuses an unknown, empty or expired refresh token with 401 INVALID_GRANT', async () => {
    const unknown = await refresh('a'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_GRANT');
    const missing = await form({ grant_type: 'refresh_token' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'INVALID_GRANT', invalidParameters: [{ parameter: 'refresh_token' }] });
    const later = await startTestServer();
    try {
      const grant = (await later.signIn('100000002')).json() as Grant;
      later.advance(30 * 24 * 3600 * 1000 + 1000);
      const res = await later.app.inject({
        method: 'POST',
        url: `/oauth/token?grant_type=refresh_token&refresh_token=${grant.refresh_token!}`,
        headers: { authorization: PORTAL_BASIC },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_GRANT');
    } finally {
      await later.close();
    }
  });

  it('expires access tokens after 15 minutes, while the refresh token still signs in', async () => {
    const later = await startTestServer();
    try {
      const grant = (await later.signIn('100000003')).json() as Grant;
      later.advance(15 * 60 * 1000 + 1000);
      expect((await later.get('/users/me', grant.access_token)).statusCode).toBe(401);
      const res = await later.app.inject({
        method: 'GET',
        url: `/oauth/token?grant_type=refresh_token&refresh_token=${grant.refresh_token!}`,
        headers: { authorization: PORTAL_BASIC },
      });
      expect(res.statusCode).toBe(200);
      expect((await later.get('/users/me', res.json().access_token as string)).statusCode).toBe(200);
    } finally {
      await later.close();
    }
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);

  it('refuses a correctly signed token without an expiry or without a session', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id);
    const [, payload] = grant.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = claims;
    const noExpiry = await new SignJWT(withoutExp).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await s.get('/users/me', noExpiry)).statusCode).toBe(401);
    const { sid: _sid, ...withoutSession } = claims;
    const noSession = await new SignJWT(withoutSession).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await s.get('/users/me', noSession)).statusCode).toBe(401);
    const otherSession = await new SignJWT({ ...claims, sid: 'no-such-session' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await s.get('/users/me', otherSession)).statusCode).toBe(401);
    // The same claims re-signed as they were are accepted: the refusals above are about exp and sid.
    const resigned = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await s.get('/users/me', resigned)).statusCode).toBe(200);
  });
});

describe('refresh cookie', () => {
  it('sets the refresh token as an HttpOnly, Secure, SameSite=Strict cookie on /oauth when asked, not in the body', async () => {
    const user = await newUser();
    const res = await form({ grant_type: 'password', username: user.digit9Id, password: DEMO_PASSWORD, refresh_token_transport: 'cookie' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('refresh_token');
    expect(res.json()).toMatchObject({ expires_in: 900, refresh_expires_in: 2592000 });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^corridor_refresh=[A-Za-z0-9_-]{43};/);
    for (const part of ['Max-Age=2592000', 'Path=/oauth', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(header).toContain(part);
    // Beside it, the hint the portal's script reads (no secret in it), with the same lifetime.
    const hint = res.cookies.find((c) => c.name === 'corridor_session');
    expect(hint).toMatchObject({ value: '1', path: '/', secure: true, sameSite: 'Strict', maxAge: 2592000 });
    expect(hint?.httpOnly).toBeUndefined();
  });

  it('sets no session hint when the refresh token goes in the body', async () => {
    const user = await newUser();
    const res = await form({ grant_type: 'password', username: user.digit9Id, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([]);
  });

  it('refreshes from the cookie into a new cookie, and clears it when the refresh token is refused', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id, 'cookie');
    const res = await form({ grant_type: 'refresh_token' }, { cookie: grant.cookie! });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('refresh_token');
    const next = res.cookies.find((c) => c.name === 'corridor_refresh');
    expect(next?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next?.value).not.toBe(grant.cookie);
    expect(next).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/oauth', maxAge: 2592000 });

    // The cookie's answer lost: the same cookie again gets the same successor cookie.
    const repeated = await form({ grant_type: 'refresh_token' }, { cookie: grant.cookie! });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.cookies.find((c) => c.name === 'corridor_refresh')?.value).toBe(next?.value);
    // Once the successor has been used, the first cookie is two generations old: refused, and cleared.
    const after = await form({ grant_type: 'refresh_token' }, { cookie: next!.value });
    expect(after.statusCode).toBe(200);
    const reused = await form({ grant_type: 'refresh_token' }, { cookie: grant.cookie! });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('INVALID_GRANT');
    const cleared = reused.cookies.find((c) => c.name === 'corridor_refresh');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/oauth');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    const hintCleared = reused.cookies.find((c) => c.name === 'corridor_session');
    expect(hintCleared).toMatchObject({ value: '', path: '/' });
    expect(hintCleared?.expires?.getTime()).toBeLessThan(Date.now());
    // The reuse revoked the session: the cookie the last answer set is dead too.
    const latest = after.cookies.find((c) => c.name === 'corridor_refresh')!.value;
    expect((await form({ grant_type: 'refresh_token' }, { cookie: latest })).statusCode).toBe(401);
  });

  it('prefers the refresh_token field to the cookie, and answers it in the body', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id);
    const res = await form({ grant_type: 'refresh_token', refresh_token: grant.refresh_token! }, { cookie: 'stale-cookie' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().refresh_token).toBe('string');
    expect(res.cookies).toEqual([]);
  });
});

describe('revocation (POST /oauth/revoke)', () => {
  it('revokes the session of a refresh token: its access token gets 401 and its refresh token INVALID_GRANT', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id);
    const res = await form({ token: grant.refresh_token!, token_type_hint: 'refresh_token' }, { url: '/oauth/revoke' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    await expectSignedOut(grant);
  });

  it('revokes the session of an access token', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id);
    expect((await form({ token: grant.access_token }, { url: '/oauth/revoke' })).statusCode).toBe(200);
    await expectSignedOut(grant);
  });

  it('revokes the session of the cookie when no token is sent, and clears the cookie', async () => {
    const user = await newUser();
    const grant = await signIn(user.digit9Id, 'cookie');
    const res = await s.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { authorization: PORTAL_BASIC, cookie: `corridor_refresh=${grant.cookie!}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'corridor_refresh')?.value).toBe('');
    expect(res.cookies.find((c) => c.name === 'corridor_session')?.value).toBe('');
    expect((await s.get('/users/me', grant.access_token)).statusCode).toBe(401);
    expect((await form({ grant_type: 'refresh_token' }, { cookie: grant.cookie! })).statusCode).toBe(401);
  });

  it('answers 200 for an unknown or forged token, and 401 INVALID_CLIENT without the client credentials', async () => {
    expect((await form({ token: 'not-a-token' }, { url: '/oauth/revoke' })).json()).toEqual({});
    expect((await form({}, { url: '/oauth/revoke' })).statusCode).toBe(200);
    const user = await newUser();
    const grant = await signIn(user.digit9Id);
    const anonymous = await form({ token: grant.refresh_token! }, { url: '/oauth/revoke', basic: false });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('INVALID_CLIENT');
    expect((await s.get('/users/me', grant.access_token)).statusCode).toBe(200);
  });

  it('is documented in /openapi.json as a served call with client credentials', async () => {
    const doc = (await s.get('/openapi.json')).json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/oauth/revoke']?.post?.['x-corridor-served']).toBe(true);
    expect(doc.paths['/oauth/revoke']?.post?.security).toEqual([{ basicAuth: [] }]);
  });
});

describe('every session of a user ends at once', () => {
  async function twoSessions() {
    const user = await newUser();
    return { user, sessions: [await signIn(user.digit9Id), await signIn(user.digit9Id)] };
  }
  const asUser = (token: string, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  it('on a change of their own password', async () => {
    const { user, sessions } = await twoSessions();
    const res = await asUser(sessions[0]!.access_token, 'PUT', '/m/api/v1/user/password', {
      userId: user.id,
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Changed2026',
    });
    expect(res.statusCode).toBe(204);
    for (const grant of sessions) await expectSignedOut(grant);
  });

  it("on an administrator's password reset", async () => {
    const { user, sessions } = await twoSessions();
    const admin = (await s.signIn('900000001')).json() as Grant;
    const res = await asUser(admin.access_token, 'PUT', '/v1/internal/users/password', { userId: user.id, newPassword: 'Changed2026' });
    expect(res.statusCode).toBe(204);
    for (const grant of sessions) await expectSignedOut(grant);
  });

  it.each(['LOCKED', 'INACTIVE'] as const)('when set to %s', async (status) => {
    const { user, sessions } = await twoSessions();
    const owner = (await s.signIn('100000001')).json() as Grant;
    const res = await asUser(owner.access_token, 'PUT', `/m/api/v1/user/${user.id}`, { status });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(status);
    for (const grant of sessions) await expectSignedOut(grant);
    // Set ACTIVE again, the user signs in anew; the old sessions stay ended.
    expect((await asUser(owner.access_token, 'PUT', `/m/api/v1/user/${user.id}`, { status: 'ACTIVE' })).statusCode).toBe(200);
    expect((await s.get('/users/me', (await signIn(user.digit9Id)).access_token)).statusCode).toBe(200);
    await expectSignedOut(sessions[0]!);
  });

  it('when deleted', async () => {
    const { user, sessions } = await twoSessions();
    const owner = (await s.signIn('100000001')).json() as Grant;
    expect((await asUser(owner.access_token, 'DELETE', `/m/api/v1/user/${user.id}`)).statusCode).toBe(204);
    for (const grant of sessions) await expectSignedOut(grant);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBody } from '@corridor/api';
import { users } from '../db/schema.ts';
import { createUser } from '../users/user-service.ts';
import { DEMO_PASSWORD, PORTAL_BASIC, startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { ID_LOCKOUT_MS, LOCKOUT_MS, MAX_FAILED_SIGN_INS_PER_ID } from './token-grant.ts';

let s: TestServer;
let adminId: string;
let globex: string;
let seq = 0;

/** Every password check of sign-in, with the hash it was checked against. */
const checks: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  const real = s.services.passwords.verify;
  s.services.passwords.verify = async (password, stored) => {
    checks.push(stored);
    return real(password, stored);
  };
  adminId = (await s.get('/users/me', await s.token('900000001'))).json().id as string;
  globex = (await s.get('/users/me', await s.token('100000001'))).json().parentId as string;
});
afterAll(async () => {
  await expectLedgerConsistent(s.database.db);
  await s.close();
});

/** A fresh merchant user, so each test owns its failure counts. */
async function newUser(): Promise<{ digit9Id: string; id: string; hash: string }> {
  const digit9Id = `1777${String(++seq).padStart(5, '0')}`;
  const input = { digit9Id, name: `Sign-in ${seq}`, password: DEMO_PASSWORD };
  const row = await createUser(s.database.db, input, 'MERCHANT_SERVICE', globex, adminId, s.config.now());
  return { digit9Id, id: row.id, hash: row.passwordHash };
}

function signIn(username: string, password: string, address = '10.1.0.1') {
  return s.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: address,
    headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

const realChecks = (hash: string) => checks.filter((h) => h === hash).length;

describe('sign-in lockout', () => {
  it('checks at most 5 of 50 wrong passwords sent at once for one ID, then refuses the right one', async () => {
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(user.digit9Id, `Wrong-${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(401));
    expect(new Set(answers.map((a) => a.json().code))).toEqual(new Set(['INVALID_CREDENTIALS']));
    expect(realChecks(user.hash)).toBeLessThanOrEqual(5);
    expect(realChecks(user.hash)).toBeGreaterThanOrEqual(1);
    const before = realChecks(user.hash);
    expect((await signIn(user.digit9Id, DEMO_PASSWORD)).statusCode).toBe(401);
    expect(realChecks(user.hash)).toBe(before);
  });

  it('lets no right password in among 20 concurrent wrong ones once the lock is reached', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) expect((await signIn(user.digit9Id, 'Wrong-1')).statusCode).toBe(401);
    expect(realChecks(user.hash)).toBe(5);
    const burst = await Promise.all([
      ...Array.from({ length: 10 }, () => signIn(user.digit9Id, 'Wrong-2')),
      signIn(user.digit9Id, DEMO_PASSWORD),
      ...Array.from({ length: 10 }, () => signIn(user.digit9Id, 'Wrong-3')),
    ]);
    expect(burst.map((a) => a.statusCode)).toEqual(Array(21).fill(401));
    expect(realChecks(user.hash)).toBe(5);
    // The lock lasts 15 minutes, then the count starts again.
    s.advance(LOCKOUT_MS + 1000);
    expect((await signIn(user.digit9Id, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a user LOCKED by an administrator out, with the right password, and leaves the status alone', async () => {
    const user = await newUser();
    await s.database.db.update(users).set({ status: 'LOCKED' }).where(eq(users.id, user.id));
    const res = await signIn(user.digit9Id, DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
    const [row] = await s.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('LOCKED');
    expect(row!.lastLoginAt).toBeNull();
  });

  it('does not lock the owner out from another address: the lock belongs to the address that guessed', async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) expect((await signIn(user.digit9Id, 'Wrong-1', '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn(user.digit9Id, DEMO_PASSWORD, '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn(user.digit9Id, DEMO_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
    // The owner's success does not unlock the guessing address.
    expect((await signIn(user.digit9Id, DEMO_PASSWORD, '203.0.113.7')).statusCode).toBe(401);
  });

  it('locks an ID everywhere for 5 minutes only after 100 failures from many addresses together', async () => {
    const user = await newUser();
    const real = s.services.passwords.verify;
    // The count is the point here, not scrypt: a quick stand-in check keeps the test fast.
    s.services.passwords.verify = async (password, stored) => {
      checks.push(stored);
      return stored === user.hash && password === DEMO_PASSWORD;
    };
    try {
      for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ID - 1; i++) {
        expect((await signIn(user.digit9Id, 'Wrong-1', `198.51.100.${Math.floor(i / 4)}`)).statusCode).toBe(401);
      }
      // 99 failures spread over 25 addresses: the owner still gets in (and the count starts again).
      expect((await signIn(user.digit9Id, DEMO_PASSWORD, '10.7.7.7')).statusCode).toBe(200);
      for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ID; i++) {
        expect((await signIn(user.digit9Id, 'Wrong-1', `198.51.101.${Math.floor(i / 4)}`)).statusCode).toBe(401);
      }
      expect((await signIn(user.digit9Id, DEMO_PASSWORD, '10.7.7.7')).statusCode).toBe(401);
      s.advance(ID_LOCKOUT_MS + 1000);
      expect((await signIn(user.digit9Id, DEMO_PASSWORD, '10.7.7.7')).statusCode).toBe(200);
    } finally {
      s.services.passwords.verify = real;
    }
  });

  it('signs out every session of the ID when a lockout happens', async () => {
    const user = await newUser();
    const session = (await signIn(user.digit9Id, DEMO_PASSWORD, '10.2.0.1')).json() as { access_token: string; refresh_token: string };
    expect((await s.get('/users/me', session.access_token)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await signIn(user.digit9Id, 'Wrong-1', '203.0.113.99');
    expect((await s.get('/users/me', session.access_token)).statusCode).toBe(401);
    const refresh = await s.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refresh_token }).toString(),
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('INVALID_GRANT');
  });
});

describe('one answer for every refusal', () => {
  it('answers an unknown ID, a wrong password, a LOCKED user and a locked-out ID alike, after one password check each', async () => {
    const wrong = await newUser();
    const locked = await newUser();
    await s.database.db.update(users).set({ status: 'LOCKED' }).where(eq(users.id, locked.id));
    const lockedOut = await newUser();
    for (let i = 0; i < 5; i++) await signIn(lockedOut.digit9Id, 'Wrong-1');

    const cases = [
      { name: 'unknown', send: () => signIn('155555555', DEMO_PASSWORD) },
      { name: 'wrong password', send: () => signIn(wrong.digit9Id, 'Wrong-1') },
      { name: 'LOCKED', send: () => signIn(locked.digit9Id, DEMO_PASSWORD) },
      { name: 'locked out', send: () => signIn(lockedOut.digit9Id, DEMO_PASSWORD) },
    ];
    const bodies: unknown[] = [];
    for (const { name, send } of cases) {
      const before = checks.length;
      const res = await send();
      expect(checks.length - before, name).toBe(1);
      expect(res.statusCode, name).toBe(401);
      const { traceId: _traceId, ...body } = errorBody.parse(res.json());
      bodies.push(body);
    }
    expect(bodies).toEqual(Array(4).fill({ code: 'INVALID_CREDENTIALS', message: 'The ID or password is incorrect', invalidParameters: [] }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { createUser } from '../users/user-service.ts';
import { DEMO_PASSWORD, PORTAL_BASIC, startTestServer, type TestServer } from '../test/test-server.ts';
import { mailOutbox, passwordResetTokens } from './password-reset-tables.ts';
import { FORGOT_ANSWER_FLOOR_MS, RESET_LINK_LIFETIME_MS } from './password-reset.ts';

let s: TestServer;
let adminId: string;
let globex: string;
let seq = 0;

beforeAll(async () => {
  s = await startTestServer();
  adminId = (await s.get('/users/me', await s.token('900000001'))).json().id as string;
  globex = (await s.get('/users/me', await s.token('100000001'))).json().parentId as string;
});
afterAll(async () => s.close());

/** A fresh merchant user with an e-mail address, so each test owns its links. */
async function newUser(): Promise<{ digit9Id: string; id: string }> {
  const digit9Id = `1888${String(++seq).padStart(5, '0')}`;
  const row = await createUser(
    s.database.db,
    { digit9Id, name: `Reset ${seq}`, email: `reset${seq}@globex.example`, password: DEMO_PASSWORD },
    'MERCHANT_SERVICE',
    globex,
    adminId,
    s.config.now(),
  );
  return { digit9Id, id: row.id };
}

function forgot(digit9Id: string) {
  return s.app.inject({ method: 'POST', url: '/oauth/password-reset', headers: { authorization: PORTAL_BASIC }, payload: { digit9Id } });
}

function reset(token: string, newPassword: string) {
  return s.app.inject({ method: 'POST', url: '/oauth/password-reset/complete', headers: { authorization: PORTAL_BASIC }, payload: { token, newPassword } });
}

/** The token of the newest reset mail to a user, read from the outbox as a mail relay would. */
async function tokenFromMail(userId: string): Promise<string> {
  const [mail] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  const token = /#token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset mail for ${userId}`);
  return token;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('forgot password', () => {
  it('mails a link to the owner of the ID; the link sets a new password once and signs every session out', async () => {
    const user = await newUser();
    const before = await s.token(user.digit9Id);
    const asked = await forgot(user.digit9Id);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({});
    const [mail] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(mail?.recipient).toBe(`reset${seq}@globex.example`);
    expect(mail?.body).toContain(`${s.config.publicUrl}/reset-password#token=`);
    // Only the hash is stored: the token of the mail is nowhere in the table.
    const token = await tokenFromMail(user.id);
    const stored = await s.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const done = await reset(token, 'NewPassword7');
    expect(done.statusCode, done.body).toBe(204);
    expect((await s.signIn(user.digit9Id, 'NewPassword7')).statusCode).toBe(200);
    expect((await s.signIn(user.digit9Id, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await s.get('/users/me', before)).statusCode).toBe(401);

    // Single use: the same link again is refused, naming the token, and changes nothing.
    const again = await reset(token, 'OtherPassword8');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'LINK_EXPIRED', invalidParameters: [{ parameter: 'token' }] });
    expect((await s.signIn(user.digit9Id, 'NewPassword7')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await newUser();
    await forgot(user.digit9Id);
    const token = await tokenFromMail(user.id);
    const answers = await Promise.all([reset(token, 'FirstPassword1'), reset(token, 'SecondPassword2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 403]);
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await newUser();
    await forgot(user.digit9Id);
    const token = await tokenFromMail(user.id);
    s.advance(RESET_LINK_LIFETIME_MS + 1000);
    const late = await reset(token, 'LatePassword3');
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('LINK_EXPIRED');
    expect((await s.signIn(user.digit9Id, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('ends an older link when a newer one is asked for', async () => {
    const user = await newUser();
    await forgot(user.digit9Id);
    const first = await tokenFromMail(user.id);
    await forgot(user.digit9Id);
    const second = await tokenFromMail(user.id);
    expect(second).not.toBe(first);
    expect((await reset(first, 'OlderLink4')).statusCode).toBe(403);
    expect((await reset(second, 'NewerLink5')).statusCode).toBe(204);
  });

  it('answers an unknown ID exactly as a known one, in about the same time, and mails nobody', async () => {
    const user = await newUser();
    const mailsBefore = (await s.database.db.select().from(mailOutbox)).length;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const a = await timed(() => forgot(user.digit9Id));
      const b = await timed(() => forgot(`1999${String(i).padStart(5, '0')}`));
      expect(b.value.statusCode).toBe(a.value.statusCode);
      expect(b.value.body).toBe(a.value.body);
      expect(Object.keys(b.value.headers).sort()).toEqual(Object.keys(a.value.headers).sort());
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (list: number[]) => [...list].sort((x, y) => x - y)[1] ?? 0;
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(FORGOT_ANSWER_FLOOR_MS / 2);
    // Three mails, all to the known user.
    const mails = await s.database.db.select().from(mailOutbox);
    expect(mails.length - mailsBefore).toBe(3);
  });

  it('sends nothing for an inactive user, and a reset link of a user deactivated since is refused', async () => {
    const user = await newUser();
    await forgot(user.digit9Id);
    const token = await tokenFromMail(user.id);
    await s.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    expect((await reset(token, 'Inactive6Pass')).statusCode).toBe(403);
    const mailsBefore = (await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).length;
    expect((await forgot(user.digit9Id)).statusCode).toBe(202);
    expect((await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).length).toBe(mailsBefore);
  });

  it('holds the new password to the password policy without using the link up', async () => {
    const user = await newUser();
    await forgot(user.digit9Id);
    const token = await tokenFromMail(user.id);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    expect((await reset(token, 'GoodEnough9')).statusCode).toBe(204);
  });

  it('refuses a forged token and an empty ID, and needs the portal client', async () => {
    expect((await reset('not-a-real-token', 'Whatever9X')).statusCode).toBe(403);
    const empty = await s.app.inject({ method: 'POST', url: '/oauth/password-reset', headers: { authorization: PORTAL_BASIC }, payload: { digit9Id: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().invalidParameters[0].parameter).toBe('digit9Id');
    const anonymous = await s.app.inject({ method: 'POST', url: '/oauth/password-reset', payload: { digit9Id: '100000001' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('user settings (PROFILE_TIME_ZONE)', () => {
  it('stores the zone, answers it with the current user, and refuses a zone that does not exist', async () => {
    const user = await newUser();
    const token = await s.token(user.digit9Id);
    expect((await s.get('/users/me', token)).json().settings).toEqual({ PROFILE_TIME_ZONE: null });
    const put = (zone: string | null) =>
      s.app.inject({ method: 'PUT', url: '/users/me/settings', headers: { authorization: `Bearer ${token}` }, payload: { PROFILE_TIME_ZONE: zone } });
    const set = await put('Pacific/Kiritimati');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings).toEqual({ PROFILE_TIME_ZONE: 'Pacific/Kiritimati' });
    expect((await s.get('/users/me', token)).json().settings).toEqual({ PROFILE_TIME_ZONE: 'Pacific/Kiritimati' });
    const bad = await put('Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters[0].parameter).toBe('PROFILE_TIME_ZONE');
    expect((await put(null)).json().settings).toEqual({ PROFILE_TIME_ZONE: null });
  });
});

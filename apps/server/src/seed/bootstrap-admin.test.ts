import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { bootstrapAdmin, demoUsersIn } from './seed.ts';
import { DEMO_USERS } from './demo-organisations.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('the first operations admin of a start outside the demo', () => {
  it('is not made while an admin exists, and the demo users are counted for the warning', async () => {
    expect(await bootstrapAdmin(s.services.db, { digit9Id: '900000777', password: 'Operations2026' })).toBe('exists');
    expect(await s.services.db.select().from(users).where(eq(users.digit9Id, '900000777'))).toEqual([]);
    expect(await demoUsersIn(s.services.db)).toBe(DEMO_USERS.length);
  });

  it('without an admin: needs a password, refuses one outside the policy or an ID of other than 9 digits, then signs in', async () => {
    // This file's own database: the demo's admins become TSP users, so none is left.
    await s.services.db.update(users).set({ role: 'SERVICE_PROVIDER' }).where(eq(users.role, 'ADMIN'));
    const db = s.services.db;
    expect(await bootstrapAdmin(db, { digit9Id: '900000777', password: undefined })).toBe('no-password');
    expect(await bootstrapAdmin(db, { digit9Id: '900000777', password: '' })).toBe('no-password');
    await expect(bootstrapAdmin(db, { digit9Id: '900000777', password: 'short1A' })).rejects.toMatchObject({
      code: 'PASSWORD_POLICY',
      invalidParameters: [{ parameter: 'CORRIDOR_ADMIN_PASSWORD' }],
    });
    await expect(bootstrapAdmin(db, { digit9Id: '90000077', password: 'Operations2026' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      invalidParameters: [{ parameter: 'CORRIDOR_ADMIN_ID' }],
    });
    // An ID another user signs in with is refused (the demo's merchant user here).
    await expect(bootstrapAdmin(db, { digit9Id: '100000001', password: 'Operations2026' })).rejects.toMatchObject({
      invalidParameters: [{ parameter: 'CORRIDOR_ADMIN_ID', message: "is another user's ID" }],
    });
    expect(await bootstrapAdmin(db, { digit9Id: '900000777', password: 'Operations2026' })).toBe('created');
    const token = await s.token('900000777', 'Operations2026');
    expect((await s.get('/users/me', token)).json()).toMatchObject({ digit9Id: '900000777', role: 'ADMIN' });
    expect(await bootstrapAdmin(db, { digit9Id: '900000778', password: 'Operations2026' })).toBe('exists');
  });
});

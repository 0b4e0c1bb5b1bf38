import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedUser, pageOf } from '@corridor/api';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string; // SP user of Atlas Bank
let meridian: string; // SP user of Meridian Pay
let globex: string; // merchant user of Globex Trading (Atlas)
let stark: string; // merchant user of Stark Textiles (Meridian)
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, globex, stark, admin] = await Promise.all([
    s.token('200000001'),
    s.token('200000002'),
    s.token('100000001'),
    s.token('100000004'),
    s.token('900000001'),
  ]);
});
afterAll(async () => s?.close());

const userPage = pageOf(managedUser);

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });
}

async function idOf(digit9Id: string, token: string, base: '/s/api/v1/user' | '/m/api/v1/user'): Promise<string> {
  const page = userPage.parse((await s.get(`${base}?query=${digit9Id}`, token)).json());
  const user = page.content.find((u) => u.digit9Id === digit9Id);
  if (!user) throw new Error(`no ${digit9Id}`);
  return user.id;
}

describe('service-provider users', () => {
  it('lists only the users of the caller TSP, with paging and sorting', async () => {
    const page = userPage.parse((await s.get('/s/api/v1/user?sort=name,DESC', atlas)).json());
    expect(page.content.map((u) => u.digit9Id)).toEqual(['200000011', '200000001']);
    expect(page.totalElements).toBe(2);
    const other = userPage.parse((await s.get('/s/api/v1/user', meridian)).json());
    expect(other.content.map((u) => u.digit9Id).sort()).toEqual(['200000002', '200000012']);
    const paged = userPage.parse((await s.get('/s/api/v1/user?size=1&page=1&sort=digit9Id,ASC', atlas)).json());
    expect(paged).toMatchObject({ page: 1, size: 1, totalElements: 2, totalPages: 2 });
    expect(paged.content[0]?.digit9Id).toBe('200000011');
    // The total rides in the page's statement; a page past the last reads no row to carry it and counts on its own.
    const past = userPage.parse((await s.get('/s/api/v1/user?size=1&page=9', atlas)).json());
    expect(past).toMatchObject({ page: 9, content: [], totalElements: 2, totalPages: 2 });
    // A filter that matches nothing has nothing to count.
    const none = userPage.parse((await s.get('/s/api/v1/user?query=no-such-user', atlas)).json());
    expect(none).toMatchObject({ content: [], totalElements: 0 });
  });

  it('creates, reads, updates and deletes a user in the caller TSP only', async () => {
    const created = await call('POST', '/s/api/v1/user', atlas, {
      digit9Id: '200000077',
      name: 'Nadia Karim',
      email: 'nadia@atlasbank.example',
      password: 'Welcome2026',
    });
    expect(created.statusCode).toBe(201);
    const user = managedUser.parse(created.json());
    expect(user).toMatchObject({ role: 'SERVICE_PROVIDER', partnerType: 'SERVICE_PROVIDER', status: 'ACTIVE' });
    expect((await s.get(`/s/api/v1/user/${user.id}`, atlas)).statusCode).toBe(200);
    expect((await s.get(`/s/api/v1/user/${user.id}`, meridian)).statusCode).toBe(404);

    const updated = await call('PUT', `/s/api/v1/user/${user.id}`, atlas, { name: 'Nadia K. Karim', status: 'INACTIVE' });
    expect(updated.json()).toMatchObject({ name: 'Nadia K. Karim', status: 'INACTIVE' });
    expect((await call('PUT', `/s/api/v1/user/${user.id}`, meridian, { name: 'x' })).statusCode).toBe(404);

    expect((await call('DELETE', `/s/api/v1/user/${user.id}`, meridian)).statusCode).toBe(404);
    expect((await call('DELETE', `/s/api/v1/user/${user.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get(`/s/api/v1/user/${user.id}`, atlas)).json().code).toBe('NOT_FOUND');
  });

  it('refuses a duplicate digit9Id, a weak password, and a bad body, naming the fields', async () => {
    const dup = await call('POST', '/s/api/v1/user', atlas, { digit9Id: '100000001', name: 'Dup', password: 'Welcome2026' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_USER', invalidParameters: [{ parameter: 'digit9Id' }] });
    const weak = await call('POST', '/s/api/v1/user', atlas, { digit9Id: '200000078', name: 'Weak', password: 'lowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Your Password must be minimum 8 characters, one uppercase letter and one number');
    const bad = await call('POST', '/s/api/v1/user', atlas, { digit9Id: '12', name: '', password: 'Welcome2026' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .invalidParameters.map((p: { parameter: string }) => p.parameter)
        .sort(),
    ).toEqual(['digit9Id', 'name']);
  });

  it('does not let a user delete themselves', async () => {
    const me = (await s.get('/users/me', atlas)).json().id as string;
    expect((await call('DELETE', `/s/api/v1/user/${me}`, atlas)).json().code).toBe('CANNOT_DELETE_SELF');
  });

  it('lets a TSP read users of its own merchants only', async () => {
    const globexUser = (await s.get('/users/me', globex)).json().id as string;
    const starkUser = (await s.get('/users/me', stark)).json().id as string;
    expect((await s.get(`/s/api/v1/merchant/users/${globexUser}`, atlas)).statusCode).toBe(200);
    expect((await s.get(`/s/api/v1/merchant/users/${starkUser}`, atlas)).statusCode).toBe(404);
    expect((await s.get(`/s/api/v1/merchant/users/${starkUser}`, meridian)).statusCode).toBe(200);
  });
});

describe('merchant users', () => {
  it('lists only the users of the caller merchant', async () => {
    const page = userPage.parse((await s.get('/m/api/v1/user', globex)).json());
    expect(page.content.map((u) => u.digit9Id).sort()).toEqual(['100000001', '100000011']);
    const filtered = userPage.parse((await s.get('/m/api/v1/user?query=mehta', globex)).json());
    expect(filtered.content.map((u) => u.name)).toEqual(['Rahul Mehta']);
  });

  it('cannot read another merchant user, and reads users of its own TSP only', async () => {
    const starkUser = await idOf('100000004', stark, '/m/api/v1/user');
    expect((await s.get(`/m/api/v1/user/${starkUser}`, globex)).statusCode).toBe(404);
    const atlasUser = await idOf('200000001', atlas, '/s/api/v1/user');
    const meridianUser = await idOf('200000002', meridian, '/s/api/v1/user');
    expect((await s.get(`/m/api/v1/sp/users/${atlasUser}`, globex)).json()).toMatchObject({ digit9Id: '200000001' });
    expect((await s.get(`/m/api/v1/sp/users/${meridianUser}`, globex)).statusCode).toBe(404);
  });

  it('replays a creation with the same Idempotency-Key and refuses the key with another body', async () => {
    const body = { digit9Id: '100000055', name: 'Idem Potent', password: 'Welcome2026' };
    const first = await call('POST', '/m/api/v1/user', globex, body, { 'idempotency-key': 'key-1' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/m/api/v1/user', globex, body, { 'idempotency-key': 'key-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const page = userPage.parse((await s.get('/m/api/v1/user?query=100000055', globex)).json());
    expect(page.totalElements).toBe(1);
    const other = await call('POST', '/m/api/v1/user', globex, { ...body, name: 'Someone Else' }, { 'idempotency-key': 'key-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A failed request frees its key for a corrected retry.
    const failing = { digit9Id: '100000056', name: 'Weak Password', password: 'weak' };
    expect((await call('POST', '/m/api/v1/user', globex, failing, { 'idempotency-key': 'key-2' })).statusCode).toBe(400);
    const fixed = await call('POST', '/m/api/v1/user', globex, { ...failing, password: 'Strong2026' }, { 'idempotency-key': 'key-2' });
    expect(fixed.statusCode).toBe(201);
    // Without a key a second creation is a real second attempt: the digit9Id is taken.
    expect((await call('POST', '/m/api/v1/user', globex, body)).statusCode).toBe(409);
  });
});

describe('concurrent retries', () => {
  it('creates once when the same key arrives twice at the same time', async () => {
    const body = { digit9Id: '100000057', name: 'Twice At Once', password: 'Welcome2026' };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/m/api/v1/user', globex, body, { 'idempotency-key': 'key-concurrent' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((c) => c === 201 || c === 409)).toBe(true);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    const page = userPage.parse((await s.get('/m/api/v1/user?query=100000057', globex)).json());
    expect(page.totalElements).toBe(1);
    const later = await call('POST', '/m/api/v1/user', globex, body, { 'idempotency-key': 'key-concurrent' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });
});

describe('passwords', () => {
  it('changes the caller own password only, checking the old one and the rule', async () => {
    const token = await s.token('100000012');
    const me = (await s.get('/users/me', token)).json().id as string;
    const other = (await s.get('/users/me', await s.token('100000002'))).json().id as string;
    const notMine = await call('PUT', '/m/api/v1/user/password', token, { userId: other, oldPassword: 'Corridor2026', newPassword: 'Stapler2026' });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().invalidParameters[0].parameter).toBe('userId');
    const wrongOld = await call('PUT', '/m/api/v1/user/password', token, { userId: me, oldPassword: 'nope', newPassword: 'Stapler2026' });
    expect(wrongOld.json()).toMatchObject({ code: 'OLD_PASSWORD_MISMATCH', invalidParameters: [{ parameter: 'oldPassword' }] });
    const weak = await call('PUT', '/m/api/v1/user/password', token, { userId: me, oldPassword: 'Corridor2026', newPassword: 'stapler' });
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_POLICY', invalidParameters: [{ parameter: 'newPassword' }] });
    const ok = await call('PUT', '/m/api/v1/user/password', token, { userId: me, oldPassword: 'Corridor2026', newPassword: 'Stapler2026' });
    expect(ok.statusCode).toBe(204);
    expect((await s.signIn('100000012', 'Corridor2026')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await s.signIn('100000012', 'Stapler2026')).statusCode).toBe(200);
  });

  it('two changes made at once from the same old password: one is kept, the other refused, never both applied', async () => {
    const token = await s.token('100000013');
    const me = (await s.get('/users/me', token)).json().id as string;
    const [first, second] = await Promise.all(
      ['Harbour2026', 'Lighthouse2026'].map((newPassword) =>
        call('PUT', '/m/api/v1/user/password', token, { userId: me, oldPassword: 'Corridor2026', newPassword }),
      ),
    );
    expect([first?.statusCode, second?.statusCode].sort(), `${first?.body} ${second?.body}`).toEqual([204, 400]);
    const refused = first?.statusCode === 400 ? first : second;
    expect(refused?.json()).toMatchObject({ code: 'OLD_PASSWORD_MISMATCH', invalidParameters: [{ parameter: 'oldPassword' }] });
    const kept = first?.statusCode === 204 ? 'Harbour2026' : 'Lighthouse2026';
    const lost = kept === 'Harbour2026' ? 'Lighthouse2026' : 'Harbour2026';
    expect((await s.signIn('100000013', kept)).statusCode).toBe(200);
    expect((await s.signIn('100000013', lost)).statusCode).toBe(401);
  });

  it('lets an admin reset a password, which also lifts a lock', async () => {
    for (let i = 0; i < 5; i++) await s.signIn('200000012', 'bad');
    expect((await s.signIn('200000012')).statusCode).toBe(401);
    const priya = await idOf('200000012', meridian, '/s/api/v1/user');
    // The lock holds for the address that guessed; the user's status stays theirs.
    expect((await s.get(`/s/api/v1/user/${priya}`, meridian)).json().status).toBe('ACTIVE');
    const reset = await call('PUT', '/v1/internal/users/password', admin, { userId: priya, newPassword: 'Meridian2027' });
    expect(reset.statusCode).toBe(204);
    expect((await s.signIn('200000012', 'Meridian2027')).statusCode).toBe(200);
    expect((await call('PUT', '/v1/internal/users/password', meridian, { userId: priya, newPassword: 'Meridian2028' })).statusCode).toBe(403);
  });

  it('lets an admin create users only in an existing organisation of the right kind', async () => {
    const atlasId = (await s.get('/users/me', atlas)).json().parentId as string;
    const wrongKind = await call('POST', '/v1/internal/users', admin, {
      digit9Id: '100000066',
      name: 'Wrong Kind',
      role: 'MERCHANT_SERVICE',
      parentId: atlasId,
      password: 'Welcome2026',
    });
    expect(wrongKind.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'parentId' }] });
    const ok = await call('POST', '/v1/internal/users', admin, {
      digit9Id: '200000066',
      name: 'Right Kind',
      role: 'SERVICE_PROVIDER',
      parentId: atlasId,
      password: 'Welcome2026',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().parentId).toBe(atlasId);
  });
});

describe('profiles', () => {
  it('answers names of the requested users within the caller organisation', async () => {
    const own = await idOf('100000011', globex, '/m/api/v1/user');
    const foreign = await idOf('100000004', stark, '/m/api/v1/user');
    const page = (await s.get(`/users/profiles?userIds=${own},${foreign}`, globex)).json();
    expect(page.content).toEqual([{ id: own, name: 'Rahul Mehta', role: 'MERCHANT_SERVICE' }]);
  });
});

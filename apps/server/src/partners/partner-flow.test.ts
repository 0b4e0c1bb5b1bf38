import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partnerDetail } from '@corridor/api';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callAs, expectField } from '../test/calls.ts';
import { partnerOnboardingEvents } from './partner-schema.ts';

/*
 * Onboarding as a status flow: NEW -> PARTNER_ONBOARDING -> IN_AUTHORIZATION -> AUTHORIZED, REJECTED or
 * NEXT_REVIEW, each step recorded with who, when and why; the user who submitted a record for authorisation
 * cannot decide it (a second user of the same TSP does); the record's fields hold still while it waits.
 */

let s: TestServer;
let amira: string;
let karim: string;
let meridian: string;
const base = '/v1/partners/on-boarding';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  callAs(s, method, url, token, payload, headers);
const detail = async (id: string, token: string) => partnerDetail.parse((await call('GET', `${base}/${id}`, token)).json());
const move = (id: string, token: string, body: object) => call('PUT', `${base}/${id}`, token, body);

async function newRecord(tradingName: string, token = amira): Promise<string> {
  const res = await call('POST', base, token, {
    partnerType: 'MERCHANT',
    businessType: 'RETAIL',
    countryOfRegistration: 'AE',
    tradingName,
    registeredBusinessAddress: '4 Marina Walk, Dubai',
  });
  expect(res.statusCode, res.body).toBe(201);
  return partnerDetail.parse(res.json()).id;
}

beforeAll(async () => {
  s = await startTestServer();
  [amira, karim, meridian] = await Promise.all([s.token('200000001'), s.token('200000011'), s.token('200000002')]);
});
afterAll(async () => s?.close());

describe('partner onboarding flow', () => {
  it('records the creation as the first step, with who and when', async () => {
    const id = await newRecord('Kestrel Flow One');
    const record = await detail(id, amira);
    expect(record.partnerStatus).toBe('NEW');
    expect(record.createdBy).toMatchObject({ name: 'Amira Haddad' });
    expect(record.statusHistory).toEqual([
      { fromStatus: null, toStatus: 'NEW', by: { id: record.createdBy?.id, name: 'Amira Haddad' }, at: expect.any(String), remarks: null },
    ]);
    expect(record.nextStatuses).toEqual(['PARTNER_ONBOARDING', 'REJECTED']);
  });

  it('refuses a skipped step naming partnerStatus and changes nothing', async () => {
    const id = await newRecord('Kestrel Flow Two');
    expectField(await move(id, amira, { partnerStatus: 'IN_AUTHORIZATION' }), 409, 'partnerStatus');
    expectField(await move(id, karim, { partnerStatus: 'AUTHORIZED' }), 409, 'partnerStatus');
    const record = await detail(id, amira);
    expect(record.partnerStatus).toBe('NEW');
    expect(record.statusHistory).toHaveLength(1);
  });

  it('keeps the submitter from deciding their own submission; a second user of the TSP decides it', async () => {
    const id = await newRecord('Kestrel Flow Three');
    expect((await move(id, amira, { partnerStatus: 'PARTNER_ONBOARDING' })).statusCode).toBe(200);
    const submitted = await move(id, amira, { partnerStatus: 'IN_AUTHORIZATION' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(partnerDetail.parse(submitted.json())).toMatchObject({ submittedBy: { name: 'Amira Haddad' }, submittedAt: expect.any(String), nextStatuses: [] });
    // The maker sees no decision to take; the checker sees all three.
    expect((await detail(id, amira)).nextStatuses).toEqual([]);
    expect((await detail(id, karim)).nextStatuses).toEqual(['AUTHORIZED', 'REJECTED', 'NEXT_REVIEW']);
    for (const body of [{ partnerStatus: 'AUTHORIZED' }, { partnerStatus: 'REJECTED', remarks: 'no' }, { partnerStatus: 'NEXT_REVIEW', remarks: 'again' }]) {
      const own = await move(id, amira, body);
      expectField(own, 403, 'partnerStatus');
      expect(own.json()).toMatchObject({ code: 'MAKER_CHECKER' });
    }
    expect((await detail(id, amira)).partnerStatus).toBe('IN_AUTHORIZATION');
    const authorised = await move(id, karim, { partnerStatus: 'AUTHORIZED' });
    expect(authorised.statusCode, authorised.body).toBe(200);
    const record = partnerDetail.parse(authorised.json());
    expect(record.partnerStatus).toBe('AUTHORIZED');
    expect(record.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.by?.name])).toEqual([
      [null, 'NEW', 'Amira Haddad'],
      ['NEW', 'PARTNER_ONBOARDING', 'Amira Haddad'],
      ['PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'Amira Haddad'],
      ['IN_AUTHORIZATION', 'AUTHORIZED', 'Karim Nasser'],
    ]);
    // Final: no one moves or edits it any more.
    expect(record.nextStatuses).toEqual([]);
    expectField(await move(id, karim, { partnerStatus: 'REJECTED', remarks: 'late' }), 409, 'partnerStatus');
  });

  it('holds the fields still while in authorisation, naming the field', async () => {
    const id = await newRecord('Kestrel Flow Four');
    await move(id, amira, { partnerStatus: 'PARTNER_ONBOARDING' });
    await move(id, amira, { partnerStatus: 'IN_AUTHORIZATION' });
    expectField(await move(id, karim, { city: 'Ajman' }), 409, 'city');
    expectField(await move(id, karim, { partnerStatus: 'AUTHORIZED', tradingName: 'Renamed' }), 409, 'tradingName');
    expect(await detail(id, karim)).toMatchObject({ partnerStatus: 'IN_AUTHORIZATION', tradingName: 'Kestrel Flow Four', city: null });
  });

  it('needs a reason to reject or send back, and records it', async () => {
    const id = await newRecord('Kestrel Flow Five');
    await move(id, amira, { partnerStatus: 'PARTNER_ONBOARDING' });
    await move(id, amira, { partnerStatus: 'IN_AUTHORIZATION' });
    expectField(await move(id, karim, { partnerStatus: 'REJECTED' }), 400, 'remarks');
    expectField(await move(id, karim, { partnerStatus: 'NEXT_REVIEW', remarks: '   ' }), 400, 'remarks');
    expectField(await move(id, karim, { partnerStatus: 'NEXT_REVIEW', remarks: 'x'.repeat(501) }), 400, 'remarks');
    expect((await move(id, karim, { partnerStatus: 'NEXT_REVIEW', remarks: 'Trade licence expired' })).statusCode).toBe(200);
    // A reason goes with a move only.
    expectField(await move(id, karim, { remarks: 'just a note' }), 400, 'remarks');
    // Sent back, the record is edited and submitted again, now by Karim: Amira may decide this submission.
    expect((await move(id, karim, { partnerStatus: 'PARTNER_ONBOARDING', licenseNumber: 'LIC-99' })).statusCode).toBe(200);
    expect((await move(id, karim, { partnerStatus: 'IN_AUTHORIZATION' })).statusCode).toBe(200);
    expectField(await move(id, karim, { partnerStatus: 'REJECTED', remarks: 'mine' }), 403, 'partnerStatus');
    const rejected = await move(id, amira, { partnerStatus: 'REJECTED', remarks: 'Sanctions screening hit' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const record = partnerDetail.parse(rejected.json());
    expect(record).toMatchObject({ partnerStatus: 'REJECTED', licenseNumber: 'LIC-99', submittedBy: { name: 'Karim Nasser' } });
    expect(record.statusHistory.map((h) => [h.toStatus, h.by?.name, h.remarks])).toEqual([
      ['NEW', 'Amira Haddad', null],
      ['PARTNER_ONBOARDING', 'Amira Haddad', null],
      ['IN_AUTHORIZATION', 'Amira Haddad', null],
      ['NEXT_REVIEW', 'Karim Nasser', 'Trade licence expired'],
      ['PARTNER_ONBOARDING', 'Karim Nasser', null],
      ['IN_AUTHORIZATION', 'Karim Nasser', null],
      ['REJECTED', 'Amira Haddad', 'Sanctions screening hit'],
    ]);
    const times = record.statusHistory.map((h) => h.at);
    expect([...times].sort()).toEqual(times);
  });

  it('lets only the TSP own users see or move a record', async () => {
    const id = await newRecord('Kestrel Flow Six');
    expectField(await call('GET', `${base}/${id}`, meridian), 404, 'id');
    expectField(await move(id, meridian, { partnerStatus: 'PARTNER_ONBOARDING' }), 404, 'id');
    expect((await detail(id, amira)).statusHistory).toHaveLength(1);
  });

  it('creates once under one Idempotency-Key, with one first step', async () => {
    const body = {
      partnerType: 'SERVICE_PROVIDER',
      businessType: 'BANKING',
      countryOfRegistration: 'GB',
      tradingName: 'Kestrel Retry',
      registeredBusinessAddress: '9 Bank St',
    };
    const [a, b] = [
      await call('POST', base, amira, body, { 'idempotency-key': 'kestrel-retry-1' }),
      await call('POST', base, amira, body, { 'idempotency-key': 'kestrel-retry-1' }),
    ];
    expect(a.statusCode, a.body).toBe(201);
    const id = partnerDetail.parse(a.json()).id;
    expect(partnerDetail.parse(b.json()).id).toBe(id);
    expect(await s.services.db.select().from(partnerOnboardingEvents).where(eq(partnerOnboardingEvents.partnerId, id))).toHaveLength(1);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { pageOf, partner, partnerDetail } from '@corridor/api';
import { organisations } from '../db/schema.ts';
import { partnerOnboardingEvents, partnerOnboardings } from '../partners/partner-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callAs } from '../test/calls.ts';
import { DEMO_PARTNERS, seedDemoPartners } from './demo-partners.ts';

let s: TestServer;
let amira: string;
beforeAll(async () => {
  s = await startTestServer();
  amira = await s.token('200000001');
});
afterAll(async () => s?.close());

it('gives Atlas a dozen partner records in every status, each history walked by two users with maker-checker', async () => {
  const page = pageOf(partner).parse((await callAs(s, 'GET', '/v1/partners/on-boarding?size=50', amira)).json());
  const demo = page.content.filter((p) => DEMO_PARTNERS.some((d) => d.tsp === 'ATLAS' && d.tradingName === p.tradingName));
  expect(demo.length).toBeGreaterThanOrEqual(12);
  expect(new Set(demo.map((p) => p.partnerStatus))).toEqual(
    new Set(['NEW', 'PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'NEXT_REVIEW', 'AUTHORIZED', 'REJECTED']),
  );
  for (const p of demo) {
    const detail = partnerDetail.parse((await callAs(s, 'GET', `/v1/partners/on-boarding/${p.id}`, amira)).json());
    const history = detail.statusHistory;
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'NEW' });
    expect(history.at(-1)?.toStatus, p.tradingName).toBe(p.partnerStatus);
    history.forEach((step, i) => {
      expect(step.by?.name, p.tradingName).toMatch(/Amira Haddad|Karim Nasser/);
      if (i > 0) {
        expect(step.fromStatus).toBe(history[i - 1]?.toStatus);
        expect(step.at > (history[i - 1]?.at ?? '')).toBe(true);
      }
      // Every decision on a submission was another user's than the submitter's.
      if (step.fromStatus === 'IN_AUTHORIZATION') expect(step.by?.id).not.toBe(history[i - 1]?.by?.id);
      if (step.toStatus === 'REJECTED' || step.toStatus === 'NEXT_REVIEW') expect(step.remarks).toBeTruthy();
    });
  }
  // The seed runs again on every start: nothing is added the second time.
  const orgs = new Map((await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)).map((o) => [o.code, o.id]));
  const before = await Promise.all([
    s.services.db.select({ n: count() }).from(partnerOnboardings),
    s.services.db.select({ n: count() }).from(partnerOnboardingEvents),
  ]);
  expect(await seedDemoPartners(s.services.db, orgs)).toBe(0);
  const after = await Promise.all([
    s.services.db.select({ n: count() }).from(partnerOnboardings),
    s.services.db.select({ n: count() }).from(partnerOnboardingEvents),
  ]);
  expect(after).toEqual(before);
});

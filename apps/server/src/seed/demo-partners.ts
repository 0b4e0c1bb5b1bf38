/**
 * Demo partner onboarding records: a dozen applications at Atlas (and a few at Meridian) in every status of
 * the flow, each with the history its desk would have left: created and worked on by one user, submitted
 * for authorisation, and decided by the TSP's other user (maker-checker), with the reasons of rejections and
 * send-backs.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { partnerOnboardingEvents, partnerOnboardings } from '../partners/partner-schema.ts';

type Status = (typeof partnerOnboardings.$inferSelect)['partnerStatus'];
type Type = (typeof partnerOnboardings.$inferSelect)['partnerType'];

/** One step: the status reached, by the maker (M) or the checker (C), and why. */
type Step = [to: Status, by: 'M' | 'C', remarks?: string];

interface DemoPartner {
  tsp: 'ATLAS' | 'MERIDIAN';
  tradingName: string;
  partnerType: Type;
  businessType: string;
  country: string;
  city: string;
  address: string;
  entityType: string;
  licenseType: string;
  /** The maker is the TSP's first user unless `swap`: then its second user makes and the first checks. */
  swap?: boolean;
  steps: Step[];
}

const SUBMIT: Step[] = [
  ['PARTNER_ONBOARDING', 'M'],
  ['IN_AUTHORIZATION', 'M'],
];

/** @internal used by its tests */
export const DEMO_PARTNERS: DemoPartner[] = [
  {
    tsp: 'ATLAS',
    tradingName: 'Saffron Route Trading',
    partnerType: 'MERCHANT',
    businessType: 'IMPORT_EXPORT',
    country: 'AE',
    city: 'Dubai',
    address: '12 Al Fahidi Street, Bur Dubai',
    entityType: 'LLC',
    licenseType: 'COMMERCIAL',
    steps: [],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Blue Dhow Logistics',
    partnerType: 'MERCHANT',
    businessType: 'LOGISTICS',
    country: 'OM',
    city: 'Muscat',
    address: 'Way 3017, Shatti Al Qurum',
    entityType: 'LLC',
    licenseType: 'COMMERCIAL',
    swap: true,
    steps: [],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Dasman Grove Foods',
    partnerType: 'MERCHANT',
    businessType: 'WHOLESALE',
    country: 'KW',
    city: 'Kuwait City',
    address: 'Mubarak Al Kabeer Street 45',
    entityType: 'WLL',
    licenseType: 'COMMERCIAL',
    steps: [['PARTNER_ONBOARDING', 'M']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Nile Delta Textiles',
    partnerType: 'MERCHANT',
    businessType: 'MANUFACTURING',
    country: 'EG',
    city: 'Alexandria',
    address: '8 Fouad Street',
    entityType: 'JSC',
    licenseType: 'INDUSTRIAL',
    swap: true,
    steps: [['PARTNER_ONBOARDING', 'M']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Pearl Coast Electronics',
    partnerType: 'MERCHANT',
    businessType: 'RETAIL',
    country: 'QA',
    city: 'Doha',
    address: 'Building 21, West Bay',
    entityType: 'WLL',
    licenseType: 'COMMERCIAL',
    steps: SUBMIT,
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Levant Remit Partners',
    partnerType: 'SERVICE_PROVIDER',
    businessType: 'FINTECH',
    country: 'JO',
    city: 'Amman',
    address: '3 Zahran Street, Jabal Amman',
    entityType: 'PSC',
    licenseType: 'PAYMENT_SERVICES',
    swap: true,
    steps: SUBMIT,
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Dilmun Pearl Crafts',
    partnerType: 'MERCHANT',
    businessType: 'RETAIL',
    country: 'BH',
    city: 'Manama',
    address: '17 Government Avenue',
    entityType: 'WLL',
    licenseType: 'COMMERCIAL',
    steps: [...SUBMIT, ['NEXT_REVIEW', 'C', 'The trade licence copy is unreadable; upload a clear scan']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Gulf Star Freight',
    partnerType: 'MERCHANT',
    businessType: 'LOGISTICS',
    country: 'AE',
    city: 'Abu Dhabi',
    address: 'Mussafah M-14, Plot 22',
    entityType: 'LLC',
    licenseType: 'COMMERCIAL',
    steps: [...SUBMIT, ['AUTHORIZED', 'C']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Sahara Solar Supplies',
    partnerType: 'MERCHANT',
    businessType: 'WHOLESALE',
    country: 'SA',
    city: 'Riyadh',
    address: 'King Fahd Road, Al Olaya',
    entityType: 'LLC',
    licenseType: 'COMMERCIAL',
    swap: true,
    steps: [...SUBMIT, ['NEXT_REVIEW', 'C', 'Add the ultimate beneficial owners'], ...SUBMIT, ['AUTHORIZED', 'C']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Indus Pay Services',
    partnerType: 'SERVICE_PROVIDER',
    businessType: 'FINTECH',
    country: 'PK',
    city: 'Karachi',
    address: 'Shahrah-e-Faisal, Block 6',
    entityType: 'PVT_LTD',
    licenseType: 'PAYMENT_SERVICES',
    steps: [...SUBMIT, ['AUTHORIZED', 'C']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Oasis Date Company',
    partnerType: 'MERCHANT',
    businessType: 'IMPORT_EXPORT',
    country: 'SA',
    city: 'Al Ahsa',
    address: 'Hofuf Industrial Area',
    entityType: 'LLC',
    licenseType: 'COMMERCIAL',
    steps: [...SUBMIT, ['REJECTED', 'C', 'Sanctions screening returned a match on a director']],
  },
  {
    tsp: 'ATLAS',
    tradingName: 'Bosphorus Exchange',
    partnerType: 'SERVICE_PROVIDER',
    businessType: 'FINTECH',
    country: 'TR',
    city: 'Istanbul',
    address: 'Buyukdere Cad. 120, Levent',
    entityType: 'AS',
    licenseType: 'PAYMENT_SERVICES',
    swap: true,
    steps: [['REJECTED', 'M', 'Withdrawn by the applicant']],
  },
  {
    tsp: 'MERIDIAN',
    tradingName: 'Thistle Wool Mills',
    partnerType: 'MERCHANT',
    businessType: 'MANUFACTURING',
    country: 'GB',
    city: 'Edinburgh',
    address: '22 Leith Walk',
    entityType: 'LTD',
    licenseType: 'COMMERCIAL',
    steps: SUBMIT,
  },
  {
    tsp: 'MERIDIAN',
    tradingName: 'Cornish Tin Traders',
    partnerType: 'MERCHANT',
    businessType: 'WHOLESALE',
    country: 'GB',
    city: 'Truro',
    address: '4 Lemon Street',
    entityType: 'LTD',
    licenseType: 'COMMERCIAL',
    steps: [...SUBMIT, ['AUTHORIZED', 'C']],
  },
];

/** The two users of each TSP who work the records: the first makes, the second checks (or the other way). */
const DESKS = { ATLAS: ['200000001', '200000011'], MERIDIAN: ['200000002', '200000012'] } as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A stable id and reference from the record's name: the same on every seeded database. */
function stableHex(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}
function stableId(text: string): string {
  const h = stableHex(text, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Seeds the demo partner records once: a database that holds any partner record is left alone. */
export async function seedDemoPartners(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ id: partnerOnboardings.id }).from(partnerOnboardings).limit(1);
  if (existing) return 0;
  const digit9Ids = Object.values(DESKS).flat();
  const found = await db.select({ id: users.id, digit9Id: users.digit9Id }).from(users).where(inArray(users.digit9Id, digit9Ids));
  const userOf = new Map(found.map((u) => [u.digit9Id, u.id]));
  const records: Array<typeof partnerOnboardings.$inferInsert> = [];
  const steps: Array<typeof partnerOnboardingEvents.$inferInsert> = [];
  DEMO_PARTNERS.forEach((d, i) => {
    const tspId = orgs.get(d.tsp);
    const [first, second] = DESKS[d.tsp].map((id) => userOf.get(id));
    if (!tspId || !first || !second) return;
    const [maker, checker] = d.swap ? [second, first] : [first, second];
    const id = stableId(`demo-partner:${d.tsp}:${d.tradingName}`);
    // Opened over the past weeks, one every two days, oldest first; each step a few hours after the last.
    const createdAt = new Date(now.getTime() - (30 - i * 2) * DAY);
    let at = createdAt;
    let status: Status = 'NEW';
    let submittedBy: string | null = null;
    let submittedAt: Date | null = null;
    let updatedBy: string | null = null;
    const history: Array<typeof partnerOnboardingEvents.$inferInsert> = [
      { id: stableId(`${id}:0`), partnerId: id, fromStatus: null, toStatus: 'NEW', actorId: maker, remarks: null, at },
    ];
    d.steps.forEach(([to, by, remarks], n) => {
      at = new Date(at.getTime() + (3 + n) * HOUR);
      const actor = by === 'M' ? maker : checker;
      history.push({ id: stableId(`${id}:${n + 1}`), partnerId: id, fromStatus: status, toStatus: to, actorId: actor, remarks: remarks ?? null, at });
      if (to === 'IN_AUTHORIZATION') [submittedBy, submittedAt] = [actor, at];
      status = to;
      updatedBy = actor;
    });
    const issued = new Date(Date.UTC(2024, i % 12, 1 + i));
    records.push({
      id,
      referenceId: `PRT-${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}-${stableHex(id, 8).toUpperCase()}`,
      serviceProviderId: tspId,
      partnerStatus: status,
      partnerType: d.partnerType,
      businessType: d.businessType,
      countryOfRegistration: d.country,
      tradingName: d.tradingName,
      registeredBusinessAddress: `${d.address}, ${d.city}`,
      city: d.city,
      businessTelephoneNumber: `+${String(9_710_000_000 + i * 7_919_311).slice(0, 11)}`,
      entityType: d.entityType,
      licenseType: d.licenseType,
      licenseNumber: `LIC-${d.country}-${String(100_000 + i * 4_217)}`,
      licenseDateOfIssue: issued.toISOString().slice(0, 10),
      licenseDateOfExpiry: new Date(issued.getTime() + 3 * 365 * DAY).toISOString().slice(0, 10),
      countryOfIncorporation: d.country,
      dateOfIncorporation: new Date(Date.UTC(2010 + (i % 12), (i * 5) % 12, 10)).toISOString().slice(0, 10),
      submittedBy,
      submittedAt,
      createdBy: maker,
      createdAt,
      updatedBy,
      updatedAt: d.steps.length > 0 ? at : null,
    });
    steps.push(...history);
  });
  if (records.length === 0) return 0;
  await db.insert(partnerOnboardings).values(records).onConflictDoNothing();
  await db.insert(partnerOnboardingEvents).values(steps).onConflictDoNothing();
  return records.length;
}

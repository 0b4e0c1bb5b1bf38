import { and, count, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { feeProfiles, feeRules, type StoredSlab, type StoredTax } from '../fees/fee-tables.ts';

type Slab = [from: string, to: string | null, flat: string, percentage: string, min?: string | null, max?: string | null];
type Mode = (typeof feeRules.chargeMode.enumValues)[number];

interface DemoRule {
  kind: 'MERCHANT' | 'CORRESPONDENT';
  profile?: 'Standard' | 'Premium';
  chargeMode: Mode;
  currency: string;
  slabs: Slab[];
  isPromotional?: boolean;
}

/** Believable price lists: tiered merchant fees with floors and caps, flat correspondent charges. */
const PRICE_LIST = (ccy: string, big: string): DemoRule[] => [
  // Standard: flat fee for small payments, then a percentage with a floor and a cap.
  {
    kind: 'MERCHANT',
    profile: 'Standard',
    chargeMode: 'OUR',
    currency: ccy,
    slabs: [
      ['0', '1000', '5', '0'],
      ['1000.01', '10000', '0', '0.5', '10', '40'],
      ['10000.01', null, '0', '0.25', '40', '150'],
    ],
  },
  { kind: 'MERCHANT', profile: 'Standard', chargeMode: 'SHA', currency: ccy, slabs: [['0', null, '4', '0.1', null, '60']] },
  { kind: 'MERCHANT', profile: 'Standard', chargeMode: 'BEN', currency: ccy, slabs: [['0', null, '3', '0']] },
  // Premium: lower fees and a rebate on large tickets.
  {
    kind: 'MERCHANT',
    profile: 'Premium',
    chargeMode: 'OUR',
    currency: ccy,
    slabs: [
      ['0', '5000', '3', '0'],
      ['5000.01', null, '0', '0.15', '8', '75'],
    ],
  },
  { kind: 'MERCHANT', profile: 'Premium', chargeMode: 'REBATE', currency: ccy, slabs: [[big, null, '0', '0.05', null, '100']] },
  // Every merchant: the FX premium, and a promotion on shared charges.
  { kind: 'MERCHANT', chargeMode: 'FX_PREMIUM', currency: ccy, slabs: [['0', null, '0', '0.1', '1', null]] },
  { kind: 'MERCHANT', chargeMode: 'SHA', currency: ccy, slabs: [['0', null, '2.5', '0']], isPromotional: true },
  // Correspondent charges by who bears them.
  {
    kind: 'CORRESPONDENT',
    chargeMode: 'OUR',
    currency: ccy,
    slabs: [
      ['0', '50000', '12', '0'],
      ['50000.01', null, '25', '0'],
    ],
  },
  { kind: 'CORRESPONDENT', chargeMode: 'SHA', currency: ccy, slabs: [['0', null, '8', '0']] },
  { kind: 'CORRESPONDENT', chargeMode: 'BEN', currency: ccy, slabs: [['0', null, '15', '0']] },
];

const TSPS: Array<{ code: string; home: string; taxes: StoredTax[]; profiles: Record<string, 'Standard' | 'Premium'> }> = [
  // UAE VAT applies to fees for financial services; UK fees on payments are VAT exempt.
  { code: 'ATLAS', home: 'AED', taxes: [{ name: 'VAT', percentage: '5' }], profiles: { GLOBEX: 'Premium', INITECH: 'Standard', UMBRELLA: 'Standard' } },
  { code: 'MERIDIAN', home: 'GBP', taxes: [], profiles: { STARK: 'Standard', WAYNE: 'Premium', ACME: 'Standard' } },
];

const slab = (currency: string, [from, to, flat, percentage, min, max]: Slab): StoredSlab => ({
  slabValueFrom: from,
  slabValueTo: to,
  slabCurrency: currency,
  flatFee: flat,
  percentageFee: percentage,
  minFee: min ?? null,
  maxFee: max ?? null,
});

/** Demo fee profiles and rules for both TSPs, once; merchants without a fee profile get one. */
export async function seedDemoFees(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(feeProfiles);
  if ((existing?.n ?? 0) > 0) return 0;
  const effectiveFrom = `${now.getUTCFullYear() - 1}-01-01`;
  let created = 0;
  for (const tsp of TSPS) {
    const serviceProviderId = orgs.get(tsp.code);
    if (!serviceProviderId) continue;
    const profileIds = new Map<string, string>();
    for (const [name, description] of [
      ['Standard', 'Tiered fees for most merchants'],
      ['Premium', 'Lower fees and a rebate for high-volume merchants'],
    ] as const) {
      const id = uuidv7();
      await db.insert(feeProfiles).values({ id, serviceProviderId, name, description, enabled: true, createdAt: now });
      profileIds.set(name, id);
    }
    const rules = [...PRICE_LIST('USD', '10000'), ...PRICE_LIST(tsp.home, tsp.home === 'AED' ? '36725' : '8000')];
    await db.insert(feeRules).values(
      rules.map((rule) => {
        const slabs = rule.slabs.map((s) => slab(rule.currency, s));
        return {
          id: uuidv7(),
          kind: rule.kind,
          serviceProviderId,
          merchantFeeProfileId: rule.profile ? (profileIds.get(rule.profile) ?? null) : null,
          walletCurrencyCode: null,
          chargeMode: rule.chargeMode,
          effectiveFrom,
          isPromotional: rule.isPromotional ?? false,
          status: 'ACTIVE' as const,
          slabCurrency: rule.currency,
          slabValueFrom: slabs[0]?.slabValueFrom ?? '0',
          slabValueTo: slabs[slabs.length - 1]?.slabValueTo ?? null,
          slabs,
          taxes: tsp.taxes,
          createdAt: now,
        };
      }),
    );
    created += rules.length;
    for (const [merchantCode, profile] of Object.entries(tsp.profiles)) {
      const merchantId = orgs.get(merchantCode);
      const profileId = profileIds.get(profile);
      if (!merchantId || !profileId) continue;
      await db
        .update(organisations)
        .set({ merchantFeeProfileId: profileId })
        .where(and(eq(organisations.id, merchantId), isNull(organisations.merchantFeeProfileId)));
    }
  }
  return created;
}

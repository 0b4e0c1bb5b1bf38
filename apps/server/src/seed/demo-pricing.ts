import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { RATE_DP, toPlain } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import {
  agentMarkups,
  currencyConfigs,
  currencyDealConfigs,
  fundingParties,
  globalConfigs,
  markupLayers,
  markupProfiles,
  merchantConfigs,
  volatileLayers,
  type MarkupUnit,
} from '../pricing-config/pricing-config-schema.ts';
import { RATE_STALENESS } from '../pricing-config/settings-service.ts';
import { demoRateToUsd } from './demo-revaluation.ts';

/** The pairs each demo TSP trades: its merchants' corridors (source = the currency paid in). */
const PAIRS: Record<string, Array<[string, string]>> = {
  ATLAS: [
    ['USD', 'AED'],
    ['USD', 'INR'],
    ['USD', 'PKR'],
    ['EUR', 'AED'],
    ['GBP', 'AED'],
    ['AED', 'INR'],
    ['GBP', 'EUR'],
  ],
  MERIDIAN: [
    ['GBP', 'USD'],
    ['GBP', 'EUR'],
    ['USD', 'JPY'],
    ['USD', 'SGD'],
    ['USD', 'PKR'],
    ['SGD', 'KWD'],
    ['EUR', 'USD'],
  ],
};
const FUNDING: Record<string, Array<[name: string, type: string, country: string, bank: string]>> = {
  ATLAS: [
    ['Gulf Commercial Bank treasury line', 'BANK', 'AE', 'GULFAEAD'],
    ['Atlas own funds', 'OWN_FUNDS', 'AE', 'ATLSAEAD'],
  ],
  MERIDIAN: [
    ['Rhine Handelsbank liquidity facility', 'BANK', 'DE', 'RHNEDEFF'],
    ['Meridian own funds', 'OWN_FUNDS', 'GB', 'MRDNGB2L'],
  ],
};
/** Demo interbank rate of a pair from today's demo closes, as a dealing desk would key it in. */
const ibrOf = (source: string, target: string) => toPlain(demoRateToUsd(source).div(demoRateToUsd(target)), RATE_DP);

/**
 * Believable pricing configuration for the demo TSPs: pairs with a SPOT deal through the simulated
 * feed and a CASH deal through the internal desk (shorter quote validity), layer 1 markups for
 * payouts and transfers, two markup profiles with layer 2 markups (merchants without a profile get
 * the standard one), a volatile layer on the rupee corridor, agent markups, funding parties, the rate
 * staleness limit, and a merchant setting. Runs once per TSP: a TSP that has pairs is left alone.
 */
export async function seedDemoPricing(db: Db, orgs: Map<string, string>): Promise<void> {
  const now = new Date();
  for (const [code, pairs] of Object.entries(PAIRS)) {
    const tsp = orgs.get(code);
    if (!tsp) continue;
    const [existing] = await db.select({ id: currencyConfigs.id }).from(currencyConfigs).where(eq(currencyConfigs.serviceProviderId, tsp)).limit(1);
    if (existing) continue;

    const standard = uuidv7();
    const preferred = uuidv7();
    await db.insert(markupProfiles).values([
      { id: standard, serviceProviderId: tsp, name: 'Standard', description: 'List spreads for new merchants', createdAt: now },
      { id: preferred, serviceProviderId: tsp, name: 'Preferred', description: 'Tighter spreads for high-volume merchants', createdAt: now },
    ]);
    await db
      .update(organisations)
      .set({ markupProfileId: standard })
      .where(and(eq(organisations.parentId, tsp), isNull(organisations.markupProfileId)));

    for (const [i, [source, target]] of pairs.entries()) {
      const pairId = uuidv7();
      await db
        .insert(currencyConfigs)
        .values({ id: pairId, serviceProviderId: tsp, sourceCurrency: source, targetCurrency: target, autoRefreshEnabled: i % 2 === 0, createdAt: now });
      const ibr = ibrOf(source, target);
      const deals = [
        { dealType: 'SPOT' as const, rateProviderId: 'REFINITIV', quoteValiditySeconds: 300 },
        { dealType: 'CASH' as const, rateProviderId: 'INTERNAL', quoteValiditySeconds: 120 },
      ];
      for (const deal of deals) {
        const dealId = uuidv7();
        await db.insert(currencyDealConfigs).values({
          id: dealId,
          serviceProviderId: tsp,
          currencyConfigId: pairId,
          sourceCurrency: source,
          targetCurrency: target,
          ...deal,
          instrumentId: `${source}${target}-${deal.dealType}`,
          ibrRate: ibr,
          createdAt: now,
        });
        // Wider spreads for cash (same-day) deals; payouts carry more than transfers between own wallets.
        const pips = deal.dealType === 'CASH' ? 40 : 25;
        const layer = (n: 1 | 2, profile: string, category: string, type: MarkupUnit, ask: string, bid: string) => ({
          id: uuidv7(),
          layer: n,
          serviceProviderId: tsp,
          markupProfileId: profile,
          transactionCategory: category,
          currencyDealConfigId: dealId,
          markupType: type,
          askMarkup: ask,
          bidMarkup: bid,
          createdAt: now,
        });
        await db
          .insert(markupLayers)
          .values([
            layer(1, '', 'PAYOUT', 'PIP', String(pips), String(-pips)),
            layer(1, '', 'TRANSFER', 'PIP', String(pips - 10), String(-(pips - 10))),
            layer(2, standard, 'PAYOUT', 'PERCENTAGE', '0.25', '-0.25'),
            layer(2, preferred, 'PAYOUT', 'BIP', '10', '-10'),
          ]);
        if (target === 'PKR' && deal.dealType === 'SPOT') {
          await db
            .insert(volatileLayers)
            .values({ currencyDealConfigId: dealId, serviceProviderId: tsp, markupType: 'BIP', askMarkup: '15', bidMarkup: '-15', createdAt: now });
        }
      }
    }
    await db.insert(agentMarkups).values({
      id: uuidv7(),
      serviceProviderId: tsp,
      productType: 'FX',
      activityType: 'BUY',
      instrumentType: 'SPOT',
      markupType: 'BIP',
      askMarkup: '5',
      bidMarkup: '-5',
      createdAt: now,
    });
    await db.insert(fundingParties).values(
      // Readable ids (FP-ATLAS-01): operators and the CLI name a funding party when they post a miscellaneous payment.
      (FUNDING[code] ?? []).map(([name, type, countryCode, bankCode], i) => ({
        id: `FP-${code}-${String(i + 1).padStart(2, '0')}`,
        serviceProviderId: tsp,
        name,
        type,
        countryCode,
        bankCode,
        createdAt: now,
      })),
    );
    await db.insert(globalConfigs).values({
      id: uuidv7(),
      serviceProviderId: tsp,
      category: RATE_STALENESS.category,
      key: RATE_STALENESS.key,
      value: String(RATE_STALENESS.defaultSeconds),
      createdAt: now,
    });
    const merchants = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.parentId, tsp));
    if (merchants.length > 0) {
      await db
        .insert(merchantConfigs)
        .values(merchants.map((m) => ({ id: uuidv7(), merchantServiceId: m.id, category: 'QUOTES', key: 'defaultDealType', value: 'SPOT', createdAt: now })))
        .onConflictDoNothing();
    }
  }
}

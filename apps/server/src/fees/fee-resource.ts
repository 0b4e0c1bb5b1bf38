import { asc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { feeProfileFilter, queryEnabledFilter } from '@corridor/api';
import type { ResourceSpec } from '../http/resource-engine.ts';
import { feeProfiles, feeRules } from './fee-tables.ts';

type FeeFilter = z.output<typeof feeProfileFilter>;
type ProfileFilter = z.output<typeof queryEnabledFilter>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
type ChargeMode = (typeof feeRules.chargeMode.enumValues)[number];
type Status = (typeof feeRules.status.enumValues)[number];

/** Fee rule filters (part B "fee profile filters"): lists match any of their values. */
export const feeRuleResource: ResourceSpec<typeof feeRules, FeeFilter> = {
  table: feeRules,
  filters: {
    merchantFeeProfileId: (id) => eq(feeRules.merchantFeeProfileId, id),
    senderCountries: (v) => inArray(feeRules.senderCountry, v),
    sourceCountryCodes: (v) => inArray(feeRules.sourceCountryCode, v),
    destinationCountryCodes: (v) => inArray(feeRules.destinationCountryCode, v),
    walletCurrencyCodes: (v) => inArray(feeRules.walletCurrencyCode, v),
    payoutCurrencyCodes: (v) => inArray(feeRules.payoutCurrencyCode, v),
    slabCurrencies: (v) => inArray(feeRules.slabCurrency, v),
    correspondentIds: (v) => inArray(feeRules.correspondentId, v),
    channelIds: (v) => inArray(feeRules.channelId, v),
    deliveryModeIds: (v) => inArray(feeRules.deliveryModeId, v),
    beneficiaryFis: (v) => inArray(feeRules.beneficiaryFi, v),
    transferTypes: (v) => inArray(feeRules.transferType, v),
    chargeModes: (v) => inArray(feeRules.chargeMode, v as ChargeMode[]),
    transactionCategories: (v) => inArray(feeRules.transactionCategory, v),
    transactionTypes: (v) => inArray(feeRules.transactionType, v),
    // A rule is in a date window when its own effective period overlaps it.
    effectiveFrom: (d) => or(isNull(feeRules.effectiveTo), gte(feeRules.effectiveTo, d.slice(0, 10))),
    effectiveTo: (d) => lte(feeRules.effectiveFrom, d.slice(0, 10)),
    // Slab filters keep rules whose schedule covers part of the asked range.
    slabValueFrom: (v) => or(isNull(feeRules.slabValueTo), gte(feeRules.slabValueTo, v)),
    slabValueTo: (v) => lte(feeRules.slabValueFrom, v),
    isPromotional: (flag) => eq(feeRules.isPromotional, flag),
    statuses: (v) => inArray(feeRules.status, v as Status[]),
  },
  sortKeys: {
    chargeMode: feeRules.chargeMode,
    effectiveFrom: feeRules.effectiveFrom,
    effectiveTo: feeRules.effectiveTo,
    status: feeRules.status,
    slabCurrency: feeRules.slabCurrency,
    walletCurrencyCode: feeRules.walletCurrencyCode,
    payoutCurrencyCode: feeRules.payoutCurrencyCode,
    createdAt: feeRules.createdAt,
    updatedAt: feeRules.updatedAt,
  },
  defaultSort: [asc(feeRules.chargeMode), asc(feeRules.effectiveFrom), asc(feeRules.id)],
};

export const feeProfileResource: ResourceSpec<typeof feeProfiles, ProfileFilter> = {
  table: feeProfiles,
  filters: {
    query: (q): SQL | undefined => {
      const like = `%${escapeLike(q)}%`;
      return or(ilike(feeProfiles.name, like), ilike(sql`coalesce(${feeProfiles.description}, '')`, like));
    },
    enabled: (flag) => eq(feeProfiles.enabled, flag),
  },
  sortKeys: { name: feeProfiles.name, enabled: feeProfiles.enabled, createdAt: feeProfiles.createdAt, updatedAt: feeProfiles.updatedAt },
  defaultSort: [asc(feeProfiles.name), asc(feeProfiles.id)],
};

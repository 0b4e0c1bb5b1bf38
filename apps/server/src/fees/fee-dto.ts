import type { FeeRule } from '@corridor/api';
import type { FeeProfileRow, FeeRuleRow } from './fee-tables.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A stored fee rule as the contract's `feeRule`. */
export function feeRuleDto(row: FeeRuleRow): FeeRule {
  return {
    id: row.id,
    serviceProviderId: row.serviceProviderId,
    merchantFeeProfileId: row.merchantFeeProfileId,
    senderCountry: row.senderCountry,
    sourceCountryCode: row.sourceCountryCode,
    destinationCountryCode: row.destinationCountryCode,
    walletCurrencyCode: row.walletCurrencyCode,
    payoutCurrencyCode: row.payoutCurrencyCode,
    correspondentId: row.correspondentId,
    channelId: row.channelId,
    deliveryModeId: row.deliveryModeId,
    beneficiaryFi: row.beneficiaryFi,
    transferType: row.transferType,
    chargeMode: row.chargeMode,
    transactionCategory: row.transactionCategory,
    transactionType: row.transactionType,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    isPromotional: row.isPromotional,
    status: row.status,
    slabs: row.slabs,
    taxes: row.taxes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt),
  };
}

export function feeProfileDto(row: FeeProfileRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    serviceProviderId: row.serviceProviderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt),
  };
}

import type { MerchantService, ServiceProvider } from '@corridor/api';
import type { organisations } from '../db/schema.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export function serviceProviderOf(row: OrganisationRow, associated?: boolean): ServiceProvider {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    countryCode: row.countryCode,
    currencyCodes: row.currencyCodes,
    status: row.status,
    ...(associated === undefined ? {} : { associated }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export function merchantServiceOf(row: OrganisationRow): MerchantService {
  return {
    id: row.id,
    name: row.name,
    countryCode: row.countryCode,
    serviceProviderIds: row.parentId ? [row.parentId] : [],
    markupProfileId: row.markupProfileId,
    merchantFeeProfileId: row.merchantFeeProfileId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

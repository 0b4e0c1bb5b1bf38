import { createElement } from 'react';
import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { PartnerStatusTag } from './partner-status-tag.tsx';
import type { Partner } from './use-partners.ts';

const H = 'partners.columns';

/**
 * The partner list's columns, each searched or filtered by the partner onboarding search field it shows
 * (spec part A): reference, trading name, type, business type, country of registration, city, licence
 * number, status (on the overview tab) and when it was opened.
 */
export function partnerColumns(options: {
  typeOptions: readonly FilterOption[];
  statusOptions: readonly FilterOption[];
  /** Statuses filter on the overview only: every other tab is one status set already. */
  statusFilter: boolean;
}): ColumnDef<Partner>[] {
  const columns: ColumnDef<Partner>[] = [
    {
      id: 'referenceId',
      field: 'referenceId',
      header: `${H}.referenceId`,
      search: true,
      sorting: true,
      kind: 'multi-line',
      lines: (r) => [r.referenceId],
    },
    {
      id: 'tradingName',
      field: 'tradingName',
      header: `${H}.tradingName`,
      search: true,
      sorting: true,
      kind: 'multi-line',
      lines: (r) => [r.tradingName, r.registeredBusinessAddress],
    },
    {
      id: 'partnerType',
      field: 'partnerType',
      header: `${H}.partnerType`,
      sorting: true,
      filterKey: 'partnerTypes',
      filterType: 'status',
      filterOptions: options.typeOptions,
      kind: 'multi-line',
      lines: (r) => [options.typeOptions.find((o) => o.value === r.partnerType)?.name ?? r.partnerType],
    },
    { id: 'businessType', field: 'businessType', header: `${H}.businessType`, search: true, kind: 'multi-line', lines: (r) => [r.businessType] },
    {
      id: 'countryOfRegistration',
      field: 'countryOfRegistration',
      header: `${H}.countryOfRegistration`,
      search: true,
      sorting: true,
      kind: 'multi-line',
      lines: (r) => [r.countryOfRegistration],
    },
    { id: 'city', field: 'city', header: `${H}.city`, search: true, filterKey: 'cities', kind: 'multi-line', lines: (r) => [r.city ?? MISSING_VALUE] },
    {
      id: 'licenseNumber',
      field: 'licenseNumber',
      header: `${H}.licenseNumber`,
      search: true,
      filterKey: 'licenseNumbers',
      kind: 'multi-line',
      lines: (r) => [r.licenseNumber ?? MISSING_VALUE],
    },
  ];
  columns.push({
    id: 'partnerStatus',
    field: 'partnerStatus',
    header: `${H}.partnerStatus`,
    sorting: true,
    ...(options.statusFilter ? { filterKey: 'partnerStatuses', filterType: 'status' as const, filterOptions: options.statusOptions } : {}),
    cell: (r) => createElement(PartnerStatusTag, { status: r.partnerStatus }),
  });
  columns.push({
    id: 'createdAt',
    field: 'createdAt',
    header: `${H}.createdAt`,
    sorting: true,
    kind: 'multi-line',
    lines: (r) => [r.createdAt ? formatTimestamp(r.createdAt) : MISSING_VALUE, r.createdBy?.name],
  });
  return columns;
}

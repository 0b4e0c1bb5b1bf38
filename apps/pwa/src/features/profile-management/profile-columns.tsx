import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import type { MerchantProfile } from './use-profiles.ts';

const H = 'profileManagement.columns';

/** On a phone: the merchant, then its profile and KYC status, stacked in one column. */
function PhoneCell({ p }: { p: MerchantProfile }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="font-medium">{p.merchantName}</span>
      <span className="flex flex-wrap gap-1">
        <StatusCell status={p.profileStatus} />
        <StatusCell status={p.kycStatus} />
      </span>
    </span>
  );
}

/**
 * The profile list's columns: the merchant (searched by name), its review statuses with their filters, and
 * when it was opened. A phone shows one stacked column instead.
 */
export function profileColumns(options: {
  wide: boolean;
  reviewOptions: readonly FilterOption[];
  statusOptions: readonly FilterOption[];
}): ColumnDef<MerchantProfile>[] {
  const merchant: ColumnDef<MerchantProfile> = {
    id: 'merchantName',
    field: 'merchantName',
    header: `${H}.merchant`,
    sorting: true,
    sortKey: 'merchantName',
    search: true,
    filterKey: 'merchantNameContains',
    kind: 'multi-line',
    lines: (p) => (p.kyc.legalName ? [p.merchantName, p.kyc.legalName] : [p.merchantName]),
  };
  if (!options.wide) return [{ ...merchant, cell: (p) => <PhoneCell p={p} /> }];
  const review = (id: keyof MerchantProfile & string, header: string, filter: boolean): ColumnDef<MerchantProfile> => ({
    id,
    field: id,
    header: `${H}.${header}`,
    kind: 'status',
    ...(filter ? { filterType: 'status' as const, filterOptions: options.reviewOptions } : {}),
  });
  return [
    merchant,
    { id: 'profileStatus', field: 'profileStatus', header: `${H}.profileStatus`, kind: 'status', sorting: true },
    { ...review('kycStatus', 'kyc', true), sorting: true },
    review('riskScoringStatus', 'risk', true),
    review('creditScoringStatus', 'credit', false),
    review('settlementStatus', 'settlement', true),
    { id: 'status', field: 'status', header: `${H}.status`, kind: 'status', filterType: 'status', filterOptions: options.statusOptions },
    { id: 'createdAt', field: 'createdAt', header: `${H}.createdAt`, sorting: true, cell: (p) => (p.createdAt ? formatTimestamp(p.createdAt) : MISSING_VALUE) },
  ];
}

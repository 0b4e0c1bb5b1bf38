import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import type { Beneficiary } from './use-beneficiaries.ts';

const H = 'beneficiaries.columns';

/** The account as people read it: an IBAN in groups of four, else the account number. */
export function accountText(b: Pick<Beneficiary, 'iban' | 'accountNumber'>): string {
  if (b.iban) return b.iban.replace(/(.{4})(?=.)/g, '$1 ');
  return b.accountNumber ?? MISSING_VALUE;
}

const bankLine = (b: Beneficiary) => [b.bankName, b.bic].filter(Boolean).join(' · ') || MISSING_VALUE;

/**
 * The beneficiary list's columns. On a phone two stacked columns (who, and the account with its
 * bank) replace the six of a wide screen, so nothing has to scroll sideways.
 */
export function beneficiaryColumns(options: {
  wide: boolean;
  typeOptions: readonly FilterOption[];
  statusOptions: readonly FilterOption[];
}): ColumnDef<Beneficiary>[] {
  const who: ColumnDef<Beneficiary> = {
    id: 'displayName',
    field: 'displayName',
    header: `${H}.beneficiary`,
    sorting: true,
    sortKey: 'name',
    search: true,
    kind: 'multi-line',
    lines: (b) => [b.displayName, b.displayName === b.name ? null : b.name],
  };
  const account: ColumnDef<Beneficiary> = {
    id: 'iban',
    field: 'iban',
    header: `${H}.account`,
    search: true,
    kind: 'multi-line',
    lines: (b) => [accountText(b), bankLine(b)],
  };
  if (!options.wide) return [who, account];
  return [
    who,
    { id: 'type', field: 'type', header: `${H}.type`, kind: 'status', sorting: true, filterType: 'status', filterOptions: options.typeOptions },
    account,
    {
      id: 'country',
      field: 'countryCode',
      header: `${H}.country`,
      sorting: true,
      sortKey: 'countryCode',
      lines: (b) => [b.countryCode, b.currencyCode],
      kind: 'multi-line',
    },
    { id: 'status', field: 'status', header: `${H}.status`, kind: 'status', sorting: true, filterType: 'status', filterOptions: options.statusOptions },
    { id: 'createdAt', field: 'createdAt', header: `${H}.createdAt`, sorting: true, cell: (b) => (b.createdAt ? formatTimestamp(b.createdAt) : MISSING_VALUE) },
  ];
}

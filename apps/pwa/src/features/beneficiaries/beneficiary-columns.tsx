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

/** The account in full, left to right also in Arabic (an IBAN is read in its own order, never cut). */
function AccountCell({ b }: { b: Beneficiary }) {
  return (
    <span className="flex flex-col">
      <span dir="ltr" className="whitespace-nowrap font-mono text-sm [unicode-bidi:isolate] rtl:text-end">
        {accountText(b)}
      </span>
      <span className="truncate text-xs text-muted-foreground">{bankLine(b)}</span>
    </span>
  );
}

/** A phone row: who, then the account and its bank, stacked in one column. */
function PhoneCell({ b }: { b: Beneficiary }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">{b.displayName}</span>
      {b.displayName !== b.name && <span className="text-xs text-muted-foreground">{b.name}</span>}
      <AccountCell b={b} />
    </span>
  );
}

/**
 * The beneficiary list's columns. On a phone one stacked column (who, the account, its bank)
 * replaces the six of a wide screen, so nothing has to scroll sideways.
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
    // The holder's name under the nickname; nothing under a name that is its own nickname.
    lines: (b) => (b.displayName === b.name ? [b.name] : [b.displayName, b.name]),
  };
  const account: ColumnDef<Beneficiary> = {
    id: 'iban',
    field: 'iban',
    header: `${H}.account`,
    search: true,
    cell: (b) => <AccountCell b={b} />,
  };
  if (!options.wide) return [{ ...who, cell: (b) => <PhoneCell b={b} /> }];
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

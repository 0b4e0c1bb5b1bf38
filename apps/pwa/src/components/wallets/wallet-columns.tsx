import type { TFunction } from 'i18next';
import { WALLET_STATUSES, WALLET_TYPES } from '@corridor/domain';
import { AmountCell } from '@/components/data-table/amount-cell.tsx';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { cn } from '@/lib/cn.ts';
import type { Wallet } from './wallet-types.ts';

/**
 * Columns both portals' wallet tables share (TSP wallet list, network tab, wallet approval).
 * Cells wrap inside a set width instead of growing: a list of eight columns fits a 1280 px
 * screen beside the menu, and a phone scrolls it sideways with the table's hint.
 */

/**
 * Stacked lines within `width`, so a long value never widens the table: the name wraps between
 * words; identifiers under it stay whole on one line (cut, with the value in their title) or,
 * with `breakIds` (an IBAN under a bank), wrap anywhere so every character stays readable.
 */
export function WrappedLines({
  lines,
  width,
  breakIds = false,
  testId,
  walletId,
}: {
  lines: readonly (string | null | undefined)[];
  width: string;
  breakIds?: boolean;
  testId?: string;
  walletId?: string;
}) {
  const [first, ...rest] = lines;
  return (
    <span className="flex flex-col" style={{ maxWidth: width }} data-testid={testId} data-wallet-id={walletId}>
      <span className="break-words font-medium">{first || '-'}</span>
      {rest.filter(Boolean).map((line, index) => (
        <span key={index} className={cn('text-xs text-muted-foreground', breakIds ? 'break-all' : 'truncate')} title={line ?? undefined}>
          {line}
        </span>
      ))}
    </span>
  );
}

/** The wallet's name with its account number (or VPA) under it; searchable and sortable. */
export function walletNameColumn(second: (w: Wallet) => string | null | undefined, testId?: string): ColumnDef<Wallet> {
  return {
    id: 'alias',
    field: 'alias',
    header: 'spWallet.columns.alias',
    sorting: true,
    search: true,
    filterKey: 'query',
    // 8rem: the TSP's nine-column list keeps its balance in view at 1280 px in any font; a longer account
    // number is cut, whole in its title.
    cell: (w) => <WrappedLines lines={[w.alias, second(w)]} width="8rem" testId={testId} walletId={testId ? w.id : undefined} />,
  };
}

export function walletCurrencyColumn(currencies: readonly { code: string; name: string }[]): ColumnDef<Wallet> {
  return {
    id: 'currency',
    field: 'currency.code',
    header: 'spWallet.columns.currency',
    sorting: true,
    sortKey: 'currencyCode',
    filterKey: 'currencyCodes',
    filterType: 'status',
    filterOptions: currencies.map((c) => ({ value: c.code, name: `${c.code} · ${c.name}` })),
  };
}

export function walletStatusColumn(t: TFunction): ColumnDef<Wallet> {
  return {
    id: 'status',
    field: 'status',
    header: 'spWallet.columns.status',
    sorting: true,
    filterKey: 'statuses',
    filterType: 'status',
    filterOptions: WALLET_STATUSES.map((s) => ({ value: s.value, name: t(`spWallet.${s.labelKey}`) })),
    kind: 'status',
  };
}

/** The types filter's options (spec 3 wallet types), labelled. */
export function walletTypeOptions(t: TFunction) {
  return WALLET_TYPES.map((w) => ({ value: w.value, name: t(`spWallet.${w.labelKey}`) }));
}

/**
 * The balance in the wallet currency's decimals, with its code unless the table shows a currency
 * column in the same row (`withCode: false` keeps a wide list inside the screen).
 */
export function walletBalanceColumn(dpOf: (code: string | null | undefined) => number, withCode = true): ColumnDef<Wallet> {
  return {
    id: 'balance',
    field: 'position.balance',
    header: 'spWallet.columns.balance',
    kind: 'amount',
    align: 'end',
    amount: { dp: (w) => dpOf(w.currency.code), currency: (w) => w.currency.code },
    // Without the code: the position's own currency would otherwise be shown after the figure.
    cell: withCode ? undefined : (w) => <AmountCell amount={w.position?.balance.amount} dp={dpOf(w.currency.code)} />,
  };
}

import { createElement } from 'react';
import type { TFunction } from 'i18next';
import { ACCOUNT_CATEGORIES, WALLET_STATUSES, WALLET_TYPES } from '@corridor/domain';
import { MultiLineCell } from '@/components/data-table/multi-line-cell.tsx';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { regionName } from '@/lib/region-name.ts';

/** Options of the wallet filters (spec 3 "Wallet filters") the screen loads from the backend. */
export interface WalletFilterOptions {
  currencies: readonly { code: string; name: string }[];
  banks: readonly { code: string; name: string }[];
  countries: readonly { code: string; name: string }[];
}

/** Account category options (spec 3: 100 correspondent settlement ... 999 others), labelled. */
export function accountCategoryOptions(t: TFunction): FilterOption[] {
  return ACCOUNT_CATEGORIES.map((c) => ({ value: String(c.value), name: `${c.value} · ${t(`spWallet.${c.labelKey}`)}` }));
}

/** The category label of a wallet, '-' when it has none. */
export function accountCategoryText(t: TFunction, id: string | null): string {
  const category = ACCOUNT_CATEGORIES.find((c) => String(c.value) === id);
  return category ? `${category.value} · ${t(`spWallet.${category.labelKey}`)}` : '-';
}

/**
 * Columns of the TSP's own wallets/accounts (wallet-list tab): account category, currency, bank,
 * status and balance, each with its wallet filter.
 */
export function walletListColumns(
  t: TFunction,
  options: WalletFilterOptions,
  dpOf: (code: string | null | undefined) => number,
): ColumnDef<Wallet>[] {
  return [
    {
      id: 'alias',
      field: 'alias',
      header: 'spWallet.columns.alias',
      sorting: true,
      search: true,
      filterKey: 'query',
      // The row's test hook sits in its first cell: the shared table names rows generically.
      cell: (w) =>
        createElement(
          'span',
          { 'data-testid': 'sp-wallet-row', 'data-wallet-id': w.id },
          createElement(MultiLineCell, { lines: [w.alias, w.walletAccountNumber] }),
        ),
    },
    {
      id: 'accountCategory',
      field: 'accountCategoryId',
      header: 'spWallet.columns.accountCategory',
      sorting: true,
      filterKey: 'accountCategoryIds',
      filterType: 'status',
      filterOptions: accountCategoryOptions(t),
      cell: (w) => accountCategoryText(t, w.accountCategoryId),
    },
    {
      id: 'currency',
      field: 'currency.code',
      header: 'spWallet.columns.currency',
      sorting: true,
      sortKey: 'currencyCode',
      filterKey: 'currencyCodes',
      filterType: 'status',
      filterOptions: options.currencies.map((c) => ({ value: c.code, name: `${c.code} · ${c.name}` })),
    },
    {
      id: 'country',
      field: 'country.name',
      cell: (w) => regionName(w.country.code, w.country.name),
      header: 'spWallet.columns.country',
      filterKey: 'countryCodes',
      filterType: 'status',
      filterOptions: options.countries.map((c) => ({ value: c.code, name: regionName(c.code, c.name) })),
    },
    {
      id: 'bank',
      field: 'bank.name',
      header: 'spWallet.columns.bank',
      filterKey: 'bankCodes',
      filterType: 'status',
      filterOptions: options.banks.map((b) => ({ value: b.code, name: b.name })),
      lines: (w) => [w.bank?.name, w.bankAccount?.iban ?? w.bankAccount?.bic],
      kind: 'multi-line',
    },
    {
      id: 'types',
      field: 'types',
      header: 'spWallet.columns.types',
      filterKey: 'types',
      filterType: 'status',
      filterOptions: WALLET_TYPES.map((w) => ({ value: w.value, name: t(`spWallet.${w.labelKey}`) })),
      cell: (w) => w.types.map((type) => t(`spWallet.wallet.type.${type.toLowerCase()}`)).join(', ') || '-',
    },
    {
      id: 'status',
      field: 'status',
      header: 'spWallet.columns.status',
      sorting: true,
      filterKey: 'statuses',
      filterType: 'status',
      filterOptions: WALLET_STATUSES.map((s) => ({ value: s.value, name: t(`spWallet.${s.labelKey}`) })),
      kind: 'status',
    },
    {
      id: 'balance',
      field: 'position.balance',
      header: 'spWallet.columns.balance',
      kind: 'amount',
      align: 'end',
      amount: { dp: (w) => dpOf(w.currency.code), currency: (w) => w.currency.code },
    },
  ];
}

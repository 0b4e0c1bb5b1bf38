import type { TFunction } from 'i18next';
import { ACCOUNT_CATEGORIES } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import {
  WrappedLines,
  walletBalanceColumn,
  walletCurrencyColumn,
  walletNameColumn,
  walletStatusColumn,
  walletTypeOptions,
} from '@/components/wallets/wallet-columns.tsx';
import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { regionName } from '@/lib/region-name.ts';

/** Options of the wallet filters (spec 3 "Wallet filters") the screen loads from the backend. */
export interface WalletFilterOptions {
  currencies: readonly { code: string; name: string }[];
  banks: readonly { code: string; name: string }[];
  countries: readonly { code: string; name: string }[];
}

/** Account category options (spec 3: 100 correspondent settlement ... 999 others), labelled. */
function accountCategoryOptions(t: TFunction): FilterOption[] {
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
export function walletListColumns(t: TFunction, options: WalletFilterOptions, dpOf: (code: string | null | undefined) => number): ColumnDef<Wallet>[] {
  return [
    // The row's test hook sits in its first cell: the shared table names rows generically.
    walletNameColumn((w) => w.walletAccountNumber, 'sp-wallet-row'),
    {
      id: 'accountCategory',
      field: 'accountCategoryId',
      header: 'spWallet.columns.accountCategory',
      sorting: true,
      filterKey: 'accountCategoryIds',
      filterType: 'status',
      filterOptions: accountCategoryOptions(t),
      width: '7rem',
      cell: (w) => accountCategoryText(t, w.accountCategoryId),
    },
    walletCurrencyColumn(options.currencies),
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
      cell: (w) => <WrappedLines lines={[w.bank?.name, w.bankAccount?.iban ?? w.bankAccount?.bic]} width="8rem" breakIds />,
    },
    {
      id: 'types',
      field: 'types',
      header: 'spWallet.columns.types',
      filterKey: 'types',
      filterType: 'status',
      filterOptions: walletTypeOptions(t),
      cell: (w) => w.types.map((type) => t(`spWallet.wallet.type.${type.toLowerCase()}`)).join(', ') || '-',
    },
    walletStatusColumn(t),
    // The currency column stands in the same row: the balance goes without its code.
    walletBalanceColumn(dpOf, false),
  ];
}

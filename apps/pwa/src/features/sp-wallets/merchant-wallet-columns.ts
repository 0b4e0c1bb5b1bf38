import type { TFunction } from 'i18next';
import { WALLET_STATUSES, WALLET_TYPES } from '@corridor/domain';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import type { Wallet } from '@/components/wallets/wallet-types.ts';

/** Columns of merchants' wallets at this TSP (network tab, wallet approval). */
export function merchantWalletColumns(
  t: TFunction,
  currencies: readonly { code: string; name: string }[],
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
      lines: (w) => [w.alias, w.vpa ?? w.walletAccountNumber],
      kind: 'multi-line',
    },
    {
      id: 'currency',
      field: 'currency.code',
      header: 'spWallet.columns.currency',
      sorting: true,
      sortKey: 'currencyCode',
      filterKey: 'currencyCodes',
      filterType: 'status',
      filterOptions: currencies.map((c) => ({ value: c.code, name: `${c.code} · ${c.name}` })),
    },
    {
      id: 'type',
      field: 'type',
      header: 'spWallet.columns.types',
      filterKey: 'types',
      filterType: 'status',
      filterOptions: WALLET_TYPES.map((w) => ({ value: w.value, name: t(`spWallet.${w.labelKey}`) })),
      cell: (w) => t(`spWallet.wallet.type.${w.type.toLowerCase()}`),
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

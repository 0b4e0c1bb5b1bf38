import type { TFunction } from 'i18next';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { walletBalanceColumn, walletCurrencyColumn, walletNameColumn, walletStatusColumn, walletTypeOptions } from '@/components/wallets/wallet-columns.tsx';
import type { Wallet } from '@/components/wallets/wallet-types.ts';

/** Columns of merchants' wallets at this TSP (network tab, wallet approval). */
export function merchantWalletColumns(
  t: TFunction,
  currencies: readonly { code: string; name: string }[],
  dpOf: (code: string | null | undefined) => number,
): ColumnDef<Wallet>[] {
  return [
    walletNameColumn((w) => w.vpa ?? w.walletAccountNumber),
    walletCurrencyColumn(currencies),
    {
      id: 'type',
      field: 'type',
      header: 'spWallet.columns.types',
      filterKey: 'types',
      filterType: 'status',
      filterOptions: walletTypeOptions(t),
      cell: (w) => t(`spWallet.wallet.type.${w.type.toLowerCase()}`),
    },
    walletStatusColumn(t),
    walletBalanceColumn(dpOf),
  ];
}

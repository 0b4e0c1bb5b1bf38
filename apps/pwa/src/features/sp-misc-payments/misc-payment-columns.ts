import type { z } from 'zod';
import type { accountingEntry } from '@corridor/api';
import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { MISC_TYPES } from './misc-payment-query.ts';

type AccountingEntry = z.output<typeof accountingEntry>;

/** One miscellaneous payment as the list shows it, read from its accounting entry. */
export interface MiscPaymentView {
  id: string;
  transactionId: string | null;
  voucherNo: string;
  createdAt: string | null;
  walletId: string | null;
  direction: 'IN' | 'OUT' | null;
  purpose: string | null;
  amount: string | null;
  currency: string | null;
  fundingPartyId: string | null;
  remarks: string | null;
}

/** The server writes the funding party on the wallet line as "Funding party <id>". */
const FUNDING_PARTY_PREFIX = 'Funding party ';

/**
 * An entry as a payment: the voucher's wallet line (its first) carries the amount, the currency, the remarks
 * and the funding party; the entry's transaction type the direction and its sub-category the purpose.
 */
export function miscPaymentView(entry: AccountingEntry): MiscPaymentView {
  const line = entry.voucher?.voucherDetails[0];
  const direction = entry.transactionType === MISC_TYPES.IN ? 'IN' : entry.transactionType === MISC_TYPES.OUT ? 'OUT' : null;
  const note = line?.description2 ?? null;
  return {
    id: entry.id,
    transactionId: entry.transactionId,
    voucherNo: entry.voucherNo,
    createdAt: entry.createdAt ?? null,
    walletId: entry.msWalletId ?? entry.tspWalletId,
    direction,
    purpose: entry.subCategory,
    amount: line?.amountInFC ?? null,
    currency: line?.accountCcyCode ?? null,
    fundingPartyId: note?.startsWith(FUNDING_PARTY_PREFIX) ? note.slice(FUNDING_PARTY_PREFIX.length) : null,
    // The server writes the purpose where no remarks were given: that is no remark.
    remarks: line?.description1 && line.description1 !== entry.subCategory ? line.description1 : null,
  };
}

const H = 'spMiscPayments.columns';
const nameOf = (options: readonly FilterOption[], value: string | null) =>
  value === null ? MISSING_VALUE : (options.find((o) => o.value === value)?.name ?? value);

/**
 * The miscellaneous payments' columns: the id searched, the wallet, direction and purpose as filters (the
 * entries call filters by each), the amount in its currency's decimals, who funded it and when.
 */
export function miscPaymentColumns(options: {
  dpOf: (currency: string) => number;
  walletOptions: readonly FilterOption[];
  directionOptions: readonly FilterOption[];
  purposeOptions: readonly FilterOption[];
  fundingPartyOptions: readonly FilterOption[];
}): ColumnDef<MiscPaymentView>[] {
  return [
    {
      id: 'transactionId',
      field: 'transactionId',
      header: `${H}.transactionId`,
      search: true,
      kind: 'multi-line',
      lines: (r) => [r.transactionId ?? MISSING_VALUE, r.voucherNo],
    },
    {
      id: 'wallet',
      field: 'walletId',
      header: `${H}.wallet`,
      filterKey: 'tspWalletId',
      filterType: 'status',
      filterOptions: options.walletOptions,
      lines: (r) => [nameOf(options.walletOptions, r.walletId)],
      kind: 'multi-line',
    },
    {
      id: 'direction',
      field: 'direction',
      header: `${H}.direction`,
      filterKey: 'transactionType',
      filterType: 'status',
      filterOptions: options.directionOptions,
      lines: (r) => [nameOf(options.directionOptions, r.direction === null ? null : MISC_TYPES[r.direction])],
      kind: 'multi-line',
    },
    {
      id: 'purpose',
      field: 'purpose',
      header: `${H}.purpose`,
      filterKey: 'subCategory',
      filterType: 'status',
      filterOptions: options.purposeOptions,
      lines: (r) => [nameOf(options.purposeOptions, r.purpose), r.remarks],
      kind: 'multi-line',
    },
    {
      id: 'fundingParty',
      field: 'fundingPartyId',
      header: `${H}.fundingParty`,
      lines: (r) => [nameOf(options.fundingPartyOptions, r.fundingPartyId)],
      kind: 'multi-line',
    },
    {
      id: 'amount',
      field: 'amount',
      header: `${H}.amount`,
      kind: 'amount',
      align: 'end',
      amount: {
        dp: (r) => (r.currency ? options.dpOf(r.currency) : 2),
        currency: (r) => r.currency,
        sign: (r) => (r.direction === 'IN' ? 'credit' : r.direction === 'OUT' ? 'debit' : undefined),
      },
    },
    {
      id: 'createdAt',
      field: 'createdAt',
      header: `${H}.createdAt`,
      sorting: true,
      lines: (r) => [r.createdAt ? formatTimestamp(r.createdAt) : MISSING_VALUE],
      kind: 'multi-line',
    },
  ];
}

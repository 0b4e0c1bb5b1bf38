import { DEFAULT_LC_DP, formatAmount, voucherTotals } from '@corridor/domain';
import type { AccountingEntryView, VoucherLineView, VoucherView } from './voucher-types.ts';

/** Decimals of foreign-currency amounts when the line's currency is not in the reference list. */
export const FC_FALLBACK_DP = 2;
/** The print view's totals are "in USD format" (spec 2): grouped, two decimals, USD-labelled. */
const PRINT_TOTAL_CURRENCY = 'USD';

/** A local-currency total in the print view's USD format, e.g. `USD 1,234.50`. */
export function formatUsdTotal(amount: string | null | undefined): string {
  const text = formatAmount(amount, DEFAULT_LC_DP);
  return text === '-' ? text : `${PRINT_TOTAL_CURRENCY} ${text}`;
}

/**
 * The totals of a voucher in local currency. The header's totals are the ledger's own; when a
 * voucher arrives without them they are summed from the lines with the domain rule.
 */
export function voucherLcTotals(voucher: VoucherView): { debit: string; credit: string } {
  const hasHeaderTotals = voucher.totalDebitAmountInLc !== '' && voucher.totalCreditAmountInLc !== '';
  if (hasHeaderTotals) return { debit: voucher.totalDebitAmountInLc, credit: voucher.totalCreditAmountInLc };
  return voucherTotals(voucher.voucherDetails.map(lineInput));
}

function lineInput(line: VoucherLineView) {
  return { debitORCredit: line.debitORCredit, amountInLC: line.amountInLC, amountInFC: line.amountInFC, rate: line.rate };
}

/** Every voucher of accounting entries, each once (an entity's own voucher, then its related ones). */
export function vouchersOf(entries: readonly AccountingEntryView[]): VoucherView[] {
  const seen = new Set<string>();
  const out: VoucherView[] = [];
  for (const entry of entries) {
    for (const v of [entry.voucher, ...(entry.relatedVouchers ?? [])]) {
      if (v === null || seen.has(v.voucherNo)) continue;
      seen.add(v.voucherNo);
      out.push(v);
    }
  }
  return out;
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTimestamp } from '@corridor/domain';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { formatUsdTotal, voucherLcTotals } from './voucher-format.ts';
import type { VoucherView } from './voucher-types.ts';

/** The header fields of a voucher (spec 3): number, branch, dates, status, who changed it, totals. */
export function VoucherHeader({ voucher }: { voucher: VoucherView }) {
  const { t } = useTranslation();
  const totals = voucherLcTotals(voucher);
  const fields: { key: string; label: string; value: ReactNode }[] = [
    { key: 'voucherNo', label: t('voucher.voucherNo'), value: <span className="font-mono">{voucher.voucherNo}</span> },
    { key: 'voucherDate', label: t('voucher.voucherDate'), value: formatDate(voucher.voucherDate) },
    { key: 'branchName', label: t('voucher.branchName'), value: voucher.branchName ?? '-' },
    { key: 'status', label: t('voucher.status'), value: <StatusCell status={voucher.status} /> },
    { key: 'modifiedBy', label: t('voucher.modifiedBy'), value: voucher.modifiedBy ?? '-' },
    {
      key: 'modifiedDate',
      label: t('voucher.modifiedDate'),
      value: voucher.modifiedDate ? formatTimestamp(voucher.modifiedDate) : '-',
    },
    { key: 'totalDebit', label: t('voucher.totalDebitAmountInLc'), value: formatUsdTotal(totals.debit) },
    { key: 'totalCredit', label: t('voucher.totalCreditAmountInLc'), value: formatUsdTotal(totals.credit) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border bg-muted/20 p-4 text-sm md:grid-cols-4" data-testid="voucher-header">
      {fields.map((f) => (
        <div key={f.key} className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted-foreground">{f.label}</dt>
          <dd className="font-medium tabular-nums" data-testid={`voucher-${f.key}`}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

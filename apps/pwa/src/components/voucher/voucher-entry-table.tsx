import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Collapsible } from 'radix-ui';
import { ChevronDown, FileX2 } from 'lucide-react';
import { DEFAULT_LC_DP, VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY, VOUCHER_ENTRY_EMPTY_TITLE_KEY, formatAmount } from '@corridor/domain';
import { cn } from '@/lib/cn.ts';
import { FC_FALLBACK_DP } from './voucher-format.ts';
import type { VoucherLineView } from './voucher-types.ts';

/** Exchange rates of voucher lines are shown with the spec's 8 decimals (spec 9). */
const RATE_DP = 8;

export interface VoucherEntryTableProps {
  lines: readonly VoucherLineView[];
  /** Decimals of a currency (spec 3 dp); unknown currencies use two. */
  dpOf?: (currency: string) => number;
  defaultOpen?: boolean;
}

/** The collapsible Voucher Entry table (spec 2), with its empty state. */
export function VoucherEntryTable({ lines, dpOf, defaultOpen = true }: VoucherEntryTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const fcDp = (code: string) => dpOf?.(code) ?? FC_FALLBACK_DP;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-lg border" data-testid="voucher-entry">
      <Collapsible.Trigger
        className="flex w-full items-center justify-between gap-2 px-4 py-3 text-start text-sm font-semibold hover:bg-muted/50"
        data-testid="voucher-entry-toggle"
      >
        <span>
          {t('voucher.entryTitle')}
          <span className="ms-2 rounded-md bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">{lines.length}</span>
        </span>
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content>
        {lines.length === 0 ? (
          <div data-testid="voucher-entry-empty" className="flex flex-col items-center gap-2 border-t px-6 py-10 text-center">
            <FileX2 className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">{t(VOUCHER_ENTRY_EMPTY_TITLE_KEY)}</p>
            <p className="text-xs text-muted-foreground">{t(VOUCHER_ENTRY_EMPTY_DESCRIPTION_KEY)}</p>
          </div>
        ) : (
          <div className="overflow-x-auto border-t">
            <table className="w-full text-sm">
              <thead className="bg-muted/40 text-xs text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 text-start font-medium">{t('voucher.accountName')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('voucher.accountCode')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('voucher.accountCcyCode')}</th>
                  <th className="px-3 py-2 text-end font-medium">{t('voucher.rate')}</th>
                  <th className="px-3 py-2 text-center font-medium">{t('voucher.debitOrCredit')}</th>
                  <th className="px-3 py-2 text-end font-medium">{t('voucher.amountInFC')}</th>
                  <th className="px-3 py-2 text-end font-medium">{t('voucher.amountInLC')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('voucher.description1')}</th>
                  <th className="px-3 py-2 text-start font-medium">{t('voucher.description2')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  <tr key={`${line.accountCode}-${index}`} data-testid="voucher-line" className="border-t">
                    <td className="px-3 py-2">{line.accountName || '-'}</td>
                    <td className="px-3 py-2 font-mono text-xs">{line.accountCode || '-'}</td>
                    <td className="px-3 py-2">{line.accountCcyCode}</td>
                    <td className="px-3 py-2 text-end tabular-nums">
                      <bdi>{formatAmount(line.rate, RATE_DP)}</bdi>
                    </td>
                    <td className="px-3 py-2 text-center">
                      <span
                        className={cn(
                          'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                          line.debitORCredit === 'D' ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900',
                        )}
                        title={t(line.debitORCredit === 'D' ? 'voucher.debit' : 'voucher.credit')}
                      >
                        {line.debitORCredit}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums">
                      <bdi>{formatAmount(line.amountInFC, fcDp(line.accountCcyCode))}</bdi>
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums">
                      <bdi>{formatAmount(line.amountInLC, DEFAULT_LC_DP)}</bdi>
                    </td>
                    <td className="px-3 py-2">{line.description1 ?? '-'}</td>
                    <td className="px-3 py-2">{line.description2 ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

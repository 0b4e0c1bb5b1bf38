import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Printer, X } from 'lucide-react';
import { DEFAULT_LC_DP, formatAmount, formatDate, formatTimestamp } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { FC_FALLBACK_DP, formatUsdTotal, voucherLcTotals } from './voucher-format.ts';
import type { VoucherView } from './voucher-types.ts';

/** Spec 2: "signature slots Prepared By, Verified By, Approved By (CEO/GM)". */
const SIGNATURE_SLOTS = ['voucher.preparedBy', 'voucher.verifiedBy', 'voucher.approvedBy'] as const;

/**
 * While the print view is open only it is printed: the rest of the page is hidden from the
 * printer (a real print layout, ARCHITECTURE 4), A4 portrait with small margins.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  body > *:not(.voucher-print-root) { display: none !important; }
  .voucher-print-root { position: static !important; overflow: visible !important; background: white !important; }
}`;

export interface VoucherPrintViewProps {
  voucher: VoucherView;
  onClose: () => void;
  dpOf?: (currency: string) => number;
  /** Opens the browser's print dialog once shown (the Print button of the modal). */
  autoPrint?: boolean;
}

/** The accounting voucher print view (spec 2): 'voucher print', lines, USD totals, signatures. */
export function VoucherPrintView({ voucher, onClose, dpOf, autoPrint = false }: VoucherPrintViewProps) {
  const { t } = useTranslation();
  const totals = voucherLcTotals(voucher);
  const fcDp = (code: string) => dpOf?.(code) ?? FC_FALLBACK_DP;

  useEffect(() => {
    if (!autoPrint) return undefined;
    // Printing waits for the layout to be painted, else the first page comes out empty.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [autoPrint]);

  return createPortal(
    <div
      className="voucher-print-root fixed inset-0 z-[60] overflow-auto bg-neutral-900/70 backdrop-blur-sm print:bg-white print:backdrop-blur-none"
      // Opened over a modal sheet or dialog, which turns pointer events off outside itself.
      style={{ pointerEvents: 'auto' }}
      role="dialog"
      aria-modal="true"
      aria-label={t('voucher.printText')}
      data-testid="voucher-print"
    >
      <style>{PRINT_CSS}</style>
      <div className="mx-auto my-6 flex max-w-4xl justify-end gap-2 px-4 print:hidden">
        <Button variant="outline" onClick={onClose} data-testid="voucher-print-close">
          <X className="size-4" aria-hidden />
          {t('voucher.close')}
        </Button>
        <Button onClick={() => window.print()} data-testid="voucher-print-button">
          <Printer className="size-4" aria-hidden />
          {t('voucher.print')}
        </Button>
      </div>
      <article className="mx-auto mb-10 max-w-4xl bg-white p-10 text-sm text-neutral-900 shadow-lg print:m-0 print:max-w-none print:p-0 print:shadow-none">
        <header className="flex items-start justify-between border-b-2 border-neutral-900 pb-4">
          <div>
            <p className="text-xs uppercase tracking-widest text-neutral-500">{t('voucher.printText')}</p>
            <h1 className="mt-1 text-2xl font-bold">{t('voucher.title')}</h1>
            <p className="text-neutral-600">{voucher.branchName ?? '-'}</p>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-end">
            <dt className="text-neutral-500">{t('voucher.voucherNo')}</dt>
            <dd className="font-mono font-semibold" data-testid="voucher-print-no">
              {voucher.voucherNo}
            </dd>
            <dt className="text-neutral-500">{t('voucher.voucherDate')}</dt>
            <dd>{formatDate(voucher.voucherDate)}</dd>
            <dt className="text-neutral-500">{t('voucher.status')}</dt>
            <dd>{voucher.status}</dd>
          </dl>
        </header>
        <table className="mt-6 w-full border-collapse text-xs">
          <thead>
            <tr className="border-b border-neutral-400 text-neutral-600">
              <th className="py-2 text-start">{t('voucher.accountCode')}</th>
              <th className="py-2 text-start">{t('voucher.accountName')}</th>
              <th className="py-2 text-start">{t('voucher.accountCcyCode')}</th>
              <th className="py-2 text-end">{t('voucher.amountInFC')}</th>
              <th className="py-2 text-end">{t('voucher.debitLc')}</th>
              <th className="py-2 text-end">{t('voucher.creditLc')}</th>
            </tr>
          </thead>
          <tbody>
            {voucher.voucherDetails.map((line, index) => (
              <tr key={`${line.accountCode}-${index}`} className="border-b border-neutral-200 align-top">
                <td className="py-2 font-mono">{line.accountCode}</td>
                <td className="py-2">
                  {line.accountName}
                  {line.description1 && <div className="text-neutral-500">{line.description1}</div>}
                </td>
                <td className="py-2">{line.accountCcyCode}</td>
                <td className="py-2 text-end tabular-nums">
                  <bdi>{formatAmount(line.amountInFC, fcDp(line.accountCcyCode))}</bdi>
                </td>
                <td className="py-2 text-end tabular-nums">
                  <bdi>{line.debitORCredit === 'D' ? formatAmount(line.amountInLC, DEFAULT_LC_DP) : ''}</bdi>
                </td>
                <td className="py-2 text-end tabular-nums">
                  <bdi>{line.debitORCredit === 'C' ? formatAmount(line.amountInLC, DEFAULT_LC_DP) : ''}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-neutral-900 font-semibold">
              <td className="py-2" colSpan={4}>
                {t('voucher.total')}
              </td>
              <td className="py-2 text-end tabular-nums" data-testid="voucher-print-total-debit">
                {formatUsdTotal(totals.debit)}
              </td>
              <td className="py-2 text-end tabular-nums" data-testid="voucher-print-total-credit">
                {formatUsdTotal(totals.credit)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-4 text-xs text-neutral-500">
          {t('voucher.modifiedBy')}: {voucher.modifiedBy ?? '-'}
          {voucher.modifiedDate ? ` · ${formatTimestamp(voucher.modifiedDate)}` : ''}
        </p>
        <footer className="mt-16 grid grid-cols-3 gap-8 break-inside-avoid">
          {SIGNATURE_SLOTS.map((slot) => (
            <div key={slot} className="text-center" data-testid="voucher-signature">
              <div className="h-12 border-b border-neutral-900" />
              <p className="mt-2 text-xs font-medium">{t(slot)}</p>
            </div>
          ))}
        </footer>
      </article>
    </div>,
    document.body,
  );
}

import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { VoucherEntryTable } from './voucher-entry-table.tsx';
import { VoucherHeader } from './voucher-header.tsx';
import type { VoucherView } from './voucher-types.ts';

/** Vouchers one under the other, each with its header, its lines and a way to print it. */
export function VoucherList({
  vouchers,
  dpOf,
  onPrint,
}: {
  vouchers: readonly VoucherView[];
  dpOf?: (currency: string) => number;
  onPrint: (voucher: VoucherView) => void;
}) {
  const { t } = useTranslation();
  return vouchers.map((voucher) => (
    <section key={voucher.voucherNo} className="flex min-w-0 flex-col gap-3 [&_dd]:[overflow-wrap:anywhere] [&>*]:min-w-0" data-testid="voucher-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere]">
          {t('voucher.title')} <span className="font-mono">{voucher.voucherNo}</span>
        </h3>
        <Button size="sm" variant="outline" onClick={() => onPrint(voucher)} data-testid="voucher-open-print">
          <Printer className="size-4" aria-hidden />
          {t('voucher.print')}
        </Button>
      </div>
      <VoucherHeader voucher={voucher} />
      <VoucherEntryTable lines={voucher.voucherDetails} dpOf={dpOf} />
    </section>
  ));
}

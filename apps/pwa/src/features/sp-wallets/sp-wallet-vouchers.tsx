import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useEntityVouchers } from '@/components/voucher/use-entity-vouchers.ts';
import { VoucherEntryTable } from '@/components/voucher/voucher-entry-table.tsx';
import { VoucherHeader } from '@/components/voucher/voucher-header.tsx';
import { VoucherPrintView } from '@/components/voucher/voucher-print-view.tsx';
import type { VoucherView } from '@/components/voucher/voucher-types.ts';

/** The vouchers tab of a wallet's page: each voucher with its lines, printable. */
export function SpWalletVouchers({ entityId, dpOf }: { entityId: string; dpOf: (code: string) => number }) {
  const { t } = useTranslation();
  const { vouchers, loading } = useEntityVouchers(entityId);
  const [printing, setPrinting] = useState<VoucherView | null>(null);
  if (printing !== null) return <VoucherPrintView voucher={printing} dpOf={dpOf} autoPrint onClose={() => setPrinting(null)} />;
  if (loading) return <Skeleton className="h-40 w-full" />;
  if (vouchers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="sp-wallet-no-vouchers">
        {t('spWallet.detail.noVouchers')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="sp-wallet-vouchers">
      {vouchers.map((voucher) => (
        <section key={voucher.voucherNo} className="flex min-w-0 flex-col gap-3" data-testid="voucher-section">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">
              {t('voucher.title')} <span className="font-mono">{voucher.voucherNo}</span>
            </h2>
            <Button size="sm" variant="outline" onClick={() => setPrinting(voucher)} data-testid="voucher-open-print">
              <Printer className="size-4" aria-hidden />
              {t('voucher.print')}
            </Button>
          </div>
          <VoucherHeader voucher={voucher} />
          <VoucherEntryTable lines={voucher.voucherDetails} dpOf={dpOf} />
        </section>
      ))}
    </div>
  );
}

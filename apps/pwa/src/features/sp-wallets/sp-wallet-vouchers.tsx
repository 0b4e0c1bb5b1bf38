import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useEntityVouchers } from '@/components/voucher/use-entity-vouchers.ts';
import { VoucherList } from '@/components/voucher/voucher-list.tsx';
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
      <VoucherList vouchers={vouchers} dpOf={dpOf} onPrint={setPrinting} />
    </div>
  );
}

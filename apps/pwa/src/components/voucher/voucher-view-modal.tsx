import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { VOUCHER_MODAL_WIDTH } from '@corridor/domain';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { useEntityVouchers } from './use-entity-vouchers.ts';
import { VoucherEntryTable } from './voucher-entry-table.tsx';
import { VoucherList } from './voucher-list.tsx';
import { VoucherPrintView } from './voucher-print-view.tsx';
import type { VoucherView } from './voucher-types.ts';

export interface VoucherViewModalProps {
  /** The transaction, wallet or voucher whose vouchers are shown; null closes the modal. */
  entityId: string | null;
  onClose: () => void;
  dpOf?: (currency: string) => number;
}

/** The voucher view modal of the layout (spec 2: 75% of the window's width). */
export function VoucherViewModal({ entityId, onClose, dpOf }: VoucherViewModalProps) {
  const { t } = useTranslation();
  const { vouchers, loading, updatedAt, offline, refreshing } = useEntityVouchers(entityId);
  // The print view replaces the modal: a modal dialog blocks pointer events outside itself.
  const [printing, setPrinting] = useState<VoucherView | null>(null);

  if (printing !== null) {
    return <VoucherPrintView voucher={printing} dpOf={dpOf} autoPrint onClose={() => setPrinting(null)} />;
  }

  return (
    <Dialog open={entityId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('voucher.close')}
        // 75% of the window from a tablet up; a phone's whole width (less a margin), the entry table
        // scrolling sideways inside its own box. Children may shrink below their content's width.
        style={{ '--voucher-modal-width': VOUCHER_MODAL_WIDTH } as CSSProperties}
        className="w-[calc(100%-1rem)] max-w-none p-4 sm:max-w-none sm:p-6 md:w-[var(--voucher-modal-width)] [&>*]:min-w-0"
        data-testid="voucher-modal"
      >
        <DialogHeader>
          <DialogTitle>{t('voucher.modalTitle')}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-xs break-all">{entityId}</span>
            <CachedAge updatedAt={updatedAt} offline={offline} refreshing={refreshing} />
          </DialogDescription>
        </DialogHeader>
        {loading && (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
        {!loading && vouchers.length === 0 && <VoucherEntryTable lines={[]} dpOf={dpOf} />}
        <VoucherList vouchers={vouchers} dpOf={dpOf} onPrint={setPrinting} />
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncHealthBadgeView } from '@/components/sync-health/sync-health-badge.tsx';
import { LazySyncHealthPanel } from '@/components/sync-health/lazy-sync-health-panel.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { useOutboxCounts } from '@/lib/outbox/use-outbox.ts';

/** The header's badge of unsent payments; it opens the sync health panel. Nothing shows when none wait. */
export function SyncHealthButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const counts = useOutboxCounts(userId);
  const unsent = counts?.unsent ?? 0;
  if (unsent === 0 && !open) return null;
  return (
    <>
      <button type="button" data-testid="sync-badge-open" aria-label={t('syncHealth.open')} onClick={() => setOpen(true)} className="rounded-md">
        <SyncHealthBadgeView unsent={unsent} failed={counts?.failed ?? 0} />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('notification.close')} data-testid="sync-health-dialog">
          <DialogHeader className="sr-only">
            <DialogTitle>{t('syncHealth.title')}</DialogTitle>
            <DialogDescription>{t('syncHealth.open')}</DialogDescription>
          </DialogHeader>
          <LazySyncHealthPanel userId={userId} />
        </DialogContent>
      </Dialog>
    </>
  );
}

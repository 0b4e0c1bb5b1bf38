import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

/** A logout with unsent payments asks first and says how many would be lost. */
export function LogoutConfirmDialog({ count, onConfirm, onCancel }: { count: number; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel={t('notification.close')} data-testid="logout-confirm">
        <DialogHeader>
          <DialogTitle>{t('logoutConfirm.title')}</DialogTitle>
          <DialogDescription>{t('logoutConfirm.description', { count })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} data-testid="logout-confirm-cancel">
            {t('logoutConfirm.cancel')}
          </Button>
          <Button variant="destructive" onClick={onConfirm} data-testid="logout-confirm-ok">
            {t('logoutConfirm.confirm', { count })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ApiError } from '@corridor/api/light';
import { FormMessage } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

/**
 * Asks before deleting a configuration row, naming it. A refusal (the row is still in use, or gone
 * meanwhile) is shown in the dialog, which stays open so the user reads why nothing was deleted.
 */
export function ConfirmDeleteDialog({
  title,
  subject,
  onDelete,
  onClose,
}: {
  title: ReactNode;
  /** What is deleted, shown in the sentence ("USD/AED · SPOT"). */
  subject: ReactNode;
  onDelete: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await onDelete();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('confirmDelete.close')} data-testid="confirm-delete-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {t('confirmDelete.hint')}{' '}
            <bdi dir="ltr" className="font-medium text-foreground" data-testid="confirm-delete-subject">
              {subject}
            </bdi>
          </DialogDescription>
        </DialogHeader>
        {refusal && <FormMessage id="confirm-delete-refusal">{refusal}</FormMessage>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} data-testid="confirm-delete-cancel">
            {t('confirmDelete.cancel')}
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => void confirm()} data-testid="confirm-delete-ok">
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('confirmDelete.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

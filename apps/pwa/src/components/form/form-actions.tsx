import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';

/** A dialog form's Cancel and submit buttons; the submit is red for what takes something away. */
export function FormActions({
  cancel,
  submit,
  busy,
  destructive,
  onCancel,
  testIds,
}: {
  cancel: ReactNode;
  submit: ReactNode;
  busy: boolean;
  destructive?: boolean;
  onCancel: () => void;
  testIds: { submit: string; cancel?: string };
}) {
  return (
    <DialogFooter className="mt-2">
      <Button type="button" variant="outline" onClick={onCancel} data-testid={testIds.cancel}>
        {cancel}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy} data-testid={testIds.submit}>
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {submit}
      </Button>
    </DialogFooter>
  );
}

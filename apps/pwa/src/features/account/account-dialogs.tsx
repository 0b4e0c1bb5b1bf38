import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { MyAccountDialog } from './my-account-dialog.tsx';

// The form and its schema load when the user opens it, not with every signed-in screen.
const ChangePasswordDialog = lazy(() => import('./change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));

export type AccountDialogName = 'change-password' | 'account';

/** The dialogs opened from the user block. */
export function AccountDialogs({ dialog, onClose }: { dialog: AccountDialogName | null; onClose: () => void }) {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      {dialog === 'change-password' && (
        <Suspense fallback={null}>
          <ChangePasswordDialog user={user} open onClose={onClose} />
        </Suspense>
      )}
      <MyAccountDialog user={user} open={dialog === 'account'} onClose={onClose} />
    </>
  );
}

import { useCurrentUser } from '@/lib/session-context.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { MyAccountDialog } from './my-account-dialog.tsx';

export type AccountDialogName = 'change-password' | 'account';

/** The dialogs opened from the user block. */
export function AccountDialogs({ dialog, onClose }: { dialog: AccountDialogName | null; onClose: () => void }) {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <ChangePasswordDialog user={user} open={dialog === 'change-password'} onClose={onClose} />
      <MyAccountDialog user={user} open={dialog === 'account'} onClose={onClose} />
    </>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { AccountDialogs } from '@/features/account/account-dialogs.tsx';
import { AppLayout } from '@/features/layout/app-layout.tsx';
import { guardArea } from '@/lib/session-guards.ts';

export const Route = createFileRoute('/merchant')({
  beforeLoad: async ({ context }) => ({ user: await guardArea(context.session, 'MERCHANT') }),
  component: () => <AppLayout area="MERCHANT" renderDialogs={(dialog, close) => <AccountDialogs dialog={dialog} onClose={close} />} />,
});

import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '@/features/auth/logout-page.tsx';

export const Route = createFileRoute('/logout')({
  // The loader runs the logout; the session machine then shows its loader and clears everything.
  loader: ({ context, preload }) => {
    if (preload) return null;
    const snapshot = context.session.getSnapshot();
    if (!snapshot.matches('loggingOut') && !snapshot.matches('signedOut')) {
      context.session.send({ type: 'LOGOUT' });
    }
    return null;
  },
  component: LogoutPage,
});

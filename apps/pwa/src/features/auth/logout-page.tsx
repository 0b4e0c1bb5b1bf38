import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSessionSelector } from '@/lib/session-context.tsx';

/**
 * /logout: the session loader covers the page while the logout runs; once signed out the user
 * continues to the login screen.
 */
export function LogoutPage() {
  const router = useRouter();
  const signedOut = useSessionSelector((s) => s.matches('signedOut'));
  useEffect(() => {
    if (signedOut) void router.navigate({ to: '/login', replace: true });
  }, [signedOut, router]);
  return <div className="min-h-svh" />;
}

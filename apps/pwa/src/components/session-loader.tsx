import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translate.ts';
import { LoaderCircle } from 'lucide-react';
import { LOADER_HIDE_DELAY_MS } from '@corridor/domain';
import { isBusy, isQuietStart } from '@/lib/session-state.ts';
import { useSessionSelector } from '@/lib/session-context.tsx';

/**
 * Full-screen session loader, hidden 500 ms after the session settles, while the current user loads,
 * signs in or out (spec 1, section 2 "Root").
 * A start that finds no session loads no user, so it has nothing to cover: on the login page, with no
 * user stored on this device, the form stays usable while the refresh grant is asked (a cookie that
 * still works then brings the loader and the role home), and a start that ends signed out drops the
 * loader at once instead of 500 ms later.
 */
export function SessionLoader({ onLoginPage = window.location.pathname === '/login' }: { onLoginPage?: boolean }) {
  const { t } = useTranslation();
  const quietStart = useSessionSelector((s) => onLoginPage && isQuietStart(s));
  const busy = useSessionSelector(isBusy) && !quietStart;
  const starting = useSessionSelector((s) => s.matches('initializing'));
  const signedOut = useSessionSelector((s) => s.matches('signedOut'));
  const message = useSessionSelector((s) => s.context.loaderMessage);
  const [lingering, setLingering] = useState(false);
  const [wasBusy, setWasBusy] = useState(busy);
  const [wasStarting, setWasStarting] = useState(starting);
  if (starting !== wasStarting) setWasStarting(starting);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy && !(wasStarting && signedOut)) setLingering(true);
  }

  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), LOADER_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lingering]);

  if (!busy && !lingering) return null;
  return (
    <div
      data-testid="session-loader"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[90] flex flex-col items-center justify-center gap-4 bg-background/90 backdrop-blur-sm"
    >
      <LoaderCircle className="size-8 animate-spin text-muted-foreground" aria-hidden />
      <p className="text-sm text-muted-foreground">{t(message)}</p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translate.ts';
import { LoaderCircle } from 'lucide-react';
import { LOADER_HIDE_DELAY_MS } from '@corridor/domain';
import { isBusy } from '@/lib/session.ts';
import { useSessionSelector } from '@/lib/session-context.tsx';

/** Full-screen session loader, hidden 500 ms after the session settles, while the current user loads, signs in or out (spec 1, section 2 "Root"). */
export function SessionLoader() {
  const { t } = useTranslation();
  const busy = useSessionSelector(isBusy);
  const message = useSessionSelector((s) => s.context.loaderMessage);
  const [lingering, setLingering] = useState(false);
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setLingering(true);
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

import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { loadI18n, useTranslation } from '@/lib/translate.ts';
import { getNotifications, subscribeNotifications } from '@/lib/notifications.ts';
import { useActivityTracking } from '@/lib/activity-tracking.ts';
import { useSession } from '@/lib/session-context.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { SessionLoader } from './session-loader.tsx';
import { useAfterSessionStart } from './after-session-start.ts';

/** The toast code loads with the first notification; the store keeps it, so none is lost meanwhile. */
const Notifier = lazy(() =>
  // Its texts come from i18next, which may still be loading when the login form shows a first error.
  Promise.all([import('./notifier.tsx'), loadI18n()]).then(([module]) => ({ default: module.Notifier })),
);

/**
 * The service worker registers once the session's start has settled and the browser is idle: its
 * install precaches the whole portal (~400 KB brotli), which on a slow line would otherwise share it
 * with the session's start and the first screen's requests.
 */
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })));

function LazyNotifier() {
  const count = useSyncExternalStore(subscribeNotifications, () => getNotifications().length);
  const [needed, setNeeded] = useState(false);
  if (count > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifier />
    </Suspense>
  ) : null;
}

/** The root (spec 1, section 2): session loader, notifications area, and the page. */
export function RootShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const session = useSession();
  useActivityTracking(session);
  const started = useAfterSessionStart(session);
  return (
    <Direction.Provider dir={i18n.dir()}>
      {children}
      <SessionLoader />
      <OfflineIndicator />
      <LazyNotifier />
      {started ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </Direction.Provider>
  );
}

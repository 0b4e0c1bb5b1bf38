import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { loadI18n, useTranslation } from '@/lib/translate.ts';
import { getNotifications, subscribeNotifications } from '@/lib/notifications.ts';
import { useActivityTracking } from '@/lib/activity-tracking.ts';
import { useSession } from '@/lib/session-context.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { SessionLoader } from './session-loader.tsx';
import { useAfterSessionStart } from './after-session-start.ts';

let notifier: Promise<ComponentType> | undefined;
/**
 * The toast code, loaded once. Its texts come from i18next, which may still be loading when the login
 * form shows a first error. A failed load (no network before the service worker has the portal) is
 * forgotten so the next attempt can succeed.
 */
function loadNotifier(): Promise<ComponentType> {
  notifier ??= Promise.all([import('./notifier.tsx'), loadI18n()]).then(
    ([module]) => module.Notifier,
    (error: unknown) => {
      notifier = undefined;
      throw error;
    },
  );
  return notifier;
}

/**
 * The service worker registers once the session's start has settled and the browser is idle: its
 * install precaches the whole portal (~400 KB brotli), which on a slow line would otherwise share it
 * with the session's start and the first screen's requests.
 */
const UpdatePrompt = lazy(() => import('./update-prompt.tsx').then((module) => ({ default: module.UpdatePrompt })));

/**
 * The toast code loads with the first notification, or once the session has started (`preload`): a
 * change that gets no answer offline must still be able to say so, and the chunk may not be
 * reachable by then. The store keeps notifications, so none is lost while it loads; a load that
 * fails is tried again when the browser comes back online.
 */
function LazyNotifier({ preload }: { preload: boolean }) {
  const count = useSyncExternalStore(subscribeNotifications, () => getNotifications().length);
  const [Notifier, setNotifier] = useState<ComponentType | null>(null);
  const wanted = count > 0 || preload;
  useEffect(() => {
    if (!wanted || Notifier) return;
    let live = true;
    const attempt = () =>
      void loadNotifier().then(
        (loaded) => {
          if (live) setNotifier(() => loaded);
        },
        () => {},
      );
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [wanted, Notifier]);
  return Notifier ? <Notifier /> : null;
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
      <LazyNotifier preload={started} />
      {started ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </Direction.Provider>
  );
}

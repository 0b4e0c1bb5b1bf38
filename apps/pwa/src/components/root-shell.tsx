import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { getNotifications, subscribeNotifications } from '@/lib/notifications.ts';
import { useActivityTracking } from '@/lib/activity-tracking.ts';
import { useSession } from '@/lib/session-context.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { SessionLoader } from './session-loader.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The toast code loads with the first notification; the store keeps it, so none is lost meanwhile. */
const Notifier = lazy(() => import('./notifier.tsx').then((module) => ({ default: module.Notifier })));

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
  return (
    <Direction.Provider dir={i18n.dir()}>
      {children}
      <SessionLoader />
      <OfflineIndicator />
      <LazyNotifier />
      <UpdatePrompt />
    </Direction.Provider>
  );
}

import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { dismissNotification, notify } from '@/lib/notifications.ts';
import { loadStoredUser } from '@/lib/stored-user.ts';
import { reloadBlocker } from '@/lib/outbox/reload-guard.ts';
import { notifyUpdateAvailable } from '@/lib/update-notification.ts';

/**
 * Registers the service worker and offers a new version as a notification with a Reload button
 * (registerType 'prompt': never forced on an open form). The reload waits, and says why, while the
 * outbox holds unsent payments or a form has unsaved changes.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    let id = 0;
    const reload = async () => {
      const { unsentCount } = await import('@/lib/outbox/outbox-store.ts');
      const blocker = await reloadBlocker(loadStoredUser()?.id, unsentCount);
      if (blocker === null) return void updateServiceWorker(true);
      notify({
        type: 'warning',
        i18nMessage: blocker.kind === 'unsent' ? 'app.updateWaitUnsent' : 'app.updateWaitForm',
        ...(blocker.kind === 'unsent' ? { messageParams: { count: String(blocker.count) } } : {}),
      });
      // The offer stays, for when the payments are sent or the form is saved.
      id = notifyUpdateAvailable(() => void reload());
    };
    id = notifyUpdateAvailable(() => void reload());
    return () => {
      dismissNotification(id);
      setNeedRefresh(false);
    };
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);

  return null;
}

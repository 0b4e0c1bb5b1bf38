import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { dismissNotification } from '@/lib/notifications.ts';
import { notifyUpdateAvailable } from '@/lib/update-notification.ts';

/**
 * Registers the service worker and offers a new version as a notification with a Reload button
 * (registerType 'prompt': never forced on an open form).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    const id = notifyUpdateAvailable(() => void updateServiceWorker(true));
    return () => {
      dismissNotification(id);
      setNeedRefresh(false);
    };
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);

  return null;
}

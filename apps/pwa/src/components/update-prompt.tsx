import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { dismissNotification, notify } from '@/lib/notifications.ts';

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
    const id = notify({
      type: 'info',
      i18nTitle: 'app.updateTitle',
      i18nMessage: 'app.updateMessage',
      persistent: true,
      action: { i18nLabel: 'app.reload', onClick: () => void updateServiceWorker(true) },
    });
    return () => {
      dismissNotification(id);
      setNeedRefresh(false);
    };
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);

  return null;
}

import { notify } from './notifications.ts';

/** Offers a new version: a notification that stays until closed, with a Reload button. */
export function notifyUpdateAvailable(onReload: () => void): number {
  return notify({
    type: 'info',
    i18nTitle: 'app.updateTitle',
    i18nMessage: 'app.updateMessage',
    persistent: true,
    action: { i18nLabel: 'app.reload', onClick: onReload },
  });
}

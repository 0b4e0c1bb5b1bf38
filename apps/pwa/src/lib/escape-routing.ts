/*
 * Radix gives Escape to the most recently opened layer, and a toast is a layer: a notification that
 * appears while a dialog is open (the update prompt, checked in the background) would take Escape
 * from the dialog. Notifications hand it back: the open dialog closes, the notification stays.
 */

/** The open dialog on top (dialogs and sheets render in portals, in the order they opened). */
function topOpenDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return open.item(open.length - 1);
}

/**
 * A notification's Escape handler: with a dialog open, the dialog closes (through its own close
 * control, so it runs its usual close path) and the notification stays. A notification that stays
 * until acted on (the update prompt) ignores Escape; others close as Radix does.
 */
export function escapeFromNotification(event: KeyboardEvent, persistent: boolean): void {
  const dialog = topOpenDialog();
  if (dialog) {
    event.preventDefault();
    dialog.querySelector<HTMLButtonElement>('[data-slot="dialog-close"]')?.click();
    return;
  }
  if (persistent) event.preventDefault();
}

import { NOTIFICATION_MS } from '@corridor/domain';
import type { NotificationRequest } from '@corridor/state-machines';

/** Notifications show for 7 seconds and pause on hover (spec 1, sections 4.8 and 9). */
export const NOTIFICATION_DURATION_MS = NOTIFICATION_MS;

export interface ShownNotification extends NotificationRequest {
  id: number;
  /** A button inside the notification (the update prompt's Reload). */
  action?: { i18nLabel: string; onClick: () => void };
  /** Stays until closed (the update prompt). */
  persistent?: boolean;
}

type Listener = () => void;

let items: readonly ShownNotification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a notification; any part of the portal (the session, features) may call it. */
export function notify(notification: Omit<ShownNotification, 'id'>): number {
  const id = nextId++;
  items = [...items, { closable: true, ...notification, id }];
  emit();
  return id;
}

export function dismissNotification(id: number): void {
  items = items.filter((n) => n.id !== id);
  emit();
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly ShownNotification[] {
  return items;
}

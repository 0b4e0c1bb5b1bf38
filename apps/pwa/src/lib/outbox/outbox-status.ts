import type { HttpErrorLike, OutboxSenderState } from '@corridor/state-machines';

/** What this tab's sender is doing, for the sync health panel (null: this tab does not send). */
export interface OutboxSenderStatus {
  sender: boolean;
  state: OutboxSenderState;
  nextAttemptAt: number | null;
  lastError: HttpErrorLike | null;
}

const statuses = new Map<string, OutboxSenderStatus | null>();
const listeners = new Set<() => void>();

export function setOutboxStatus(userId: string, status: OutboxSenderStatus | null): void {
  statuses.set(userId, status);
  for (const listener of listeners) listener();
}

export function outboxStatus(userId: string): OutboxSenderStatus | null {
  return statuses.get(userId) ?? null;
}

export function subscribeOutboxStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

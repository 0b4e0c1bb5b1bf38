/**
 * "The outbox changed": an item was enqueued or put back by the user. The sender may live in
 * another tab (the lock holder), so the signal crosses tabs through a BroadcastChannel as well.
 */
type Listener = (userId: string) => void;

const listeners = new Set<Listener>();
const CHANNEL = 'corridor-outbox';
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    // Node (tests) would otherwise keep running for the channel's sake.
    (channel as { unref?: () => void } | null)?.unref?.();
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') for (const listener of listeners) listener(event.data);
    });
  }
  return channel;
}

export function notifyOutboxChanged(userId: string): void {
  for (const listener of listeners) listener(userId);
  broadcast()?.postMessage(userId);
}

export function onOutboxChanged(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

import { useCallback, useMemo, useState } from 'react';
import { startBrowserOutbox } from '@/lib/outbox/browser-outbox.ts';
import type { OutboxSender } from '@/lib/outbox/outbox-sender.ts';
import { outboxStatus } from '@/lib/outbox/outbox-status.ts';
import { useFollowedOutbox } from '@/lib/outbox/outbox-follow.ts';
import { enqueue, outboxStates } from '@/lib/outbox/outbox-store.ts';
import { batchProgress, rowSends, type BatchProgress, type MassDraft, type RowSend } from './mass-send.ts';

const senders = new Map<string, OutboxSender>();

/**
 * Makes sure this tab takes part in sending the user's outbox. The layout starts the sender after
 * sign-in; until it does (or where it did not), the mass payments screen starts it, once per user
 * and tab, and leaves it running: a batch keeps draining when the user moves to another page.
 */
function ensureOutboxSender(userId: string): void {
  if (senders.has(userId) || outboxStatus(userId) !== null) return;
  // A 401 after the client's own token renewal means the session ended; the session asks to sign in again.
  senders.set(
    userId,
    startBrowserOutbox(userId, () => undefined),
  );
}

/**
 * Sends a file's drafts through the outbox and follows them there. The states come from the outbox's
 * state index (ids only, no row read or unsealed), read at most four times a second however fast the
 * drafts are written and sent, so following a batch of thousands never slows its sending.
 */
export function useMassSend(userId: string | null, drafts: readonly MassDraft[]) {
  const states = useFollowedOutbox(userId, outboxStates);
  const [queueing, setQueueing] = useState<{ done: number; total: number } | null>(null);
  const sends: ReadonlyMap<number, RowSend> = useMemo(() => rowSends(drafts, states ?? new Map()), [drafts, states]);
  const progress: BatchProgress = useMemo(() => batchProgress(drafts.length, sends), [drafts, sends]);
  const send = useCallback(
    async (drafts: readonly MassDraft[]) => {
      if (!userId) return;
      ensureOutboxSender(userId);
      setQueueing({ done: 0, total: drafts.length });
      // One by one in file order: each draft is on disk before the next, so the outbox sends them in order.
      for (let i = 0; i < drafts.length; i++) {
        const d = drafts[i] as MassDraft;
        await enqueue({ id: d.id, userId, kind: 'payment', body: { ...d.body, draftId: d.id } });
        if (i % 50 === 49) setQueueing({ done: i + 1, total: drafts.length });
      }
      setQueueing(null);
    },
    [userId],
  );
  return { progress, sends, queueing, send };
}

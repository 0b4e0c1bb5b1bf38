import { createActor, fromPromise, type Actor } from 'xstate';
import { outboxMachine, type DrainStepResult, type OutboxWakeReason } from '@corridor/state-machines';
import { drainStep, type DrainCarry, type OutboxTransport } from './outbox-drain.ts';
import type { OutboxRequoter } from './outbox-requote.ts';
import { onOutboxChanged } from './outbox-signal.ts';
import { setOutboxStatus } from './outbox-status.ts';
import { acquireLease, releaseLease, requeueInterrupted } from './outbox-store.ts';

/**
 * Lease length where Web Locks are missing; renewed at a third of it, so a live tab never loses it.
 * @internal
 */
export const OUTBOX_LEASE_MS = 15_000;

type EventHost = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface OutboxSenderOptions {
  userId: string;
  transport: OutboxTransport;
  /** Prices a draft again when its quote expired while it waited. */
  requoter?: OutboxRequoter;
  /** navigator.locks; null where the browser has none (the lease takes over). */
  locks: Pick<LockManager, 'request'> | null;
  /** The window (online, offline, focus) and the document (visibilitychange). */
  win: EventHost;
  doc: EventHost & { visibilityState: DocumentVisibilityState };
  isOnline: () => boolean;
  onNeedsSignIn: () => void;
  random?: () => number;
  now?: () => number;
}

export interface OutboxSender {
  /** After the user signed in again: the paused queue goes on. */
  resume(): void;
  /** The user asked for a retry (or something new is queued in this tab). */
  wake(reason: OutboxWakeReason): void;
  /** The tab holds the sending right (lock or lease) and runs the queue. */
  isSender(): boolean;
  stop(): Promise<void>;
}

/**
 * The Web Lock of one user's outbox: whoever holds it is the browser's only sender.
 * @internal
 */
function outboxLockName(userId: string): string {
  return `corridor-outbox-${userId}`;
}

/**
 * Starts this tab's part in sending the outbox of `userId`. With Web Locks the tab waits for the
 * lock `corridor-outbox-<userId>` and, once it holds it, drains until the tab closes (the browser
 * then hands the lock to the next tab). Without them a lease row in the user's database plays the
 * same part. Drains on start, `online`, focus, the page becoming visible, a new item and the
 * back-off timer; never through the service worker's background sync.
 */
export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { userId, transport, win, doc } = options;
  const now = options.now ?? Date.now;
  let actor: Actor<typeof outboxMachine> | null = null;
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const holder = crypto.randomUUID();
  let leaseOk = () => true;
  // One per run: a run starts by queueing again whatever an earlier one left claimed.
  let carry: DrainCarry = { claimed: null };

  const machine = outboxMachine.provide({
    actors: {
      drainStep: fromPromise<DrainStepResult>(async () => {
        // Without locks, a tab that lost its lease (frozen past its expiry) stops before sending.
        if (!leaseOk()) {
          carry.claimed = null;
          return { kind: 'empty' };
        }
        return drainStep(userId, transport, now, options.requoter, carry);
      }),
    },
    actions: { needsSignIn: () => options.onNeedsSignIn() },
  });

  function listen(host: EventHost, type: string, handler: () => void) {
    host.addEventListener(type, handler);
    cleanups.push(() => host.removeEventListener(type, handler));
  }

  async function run(): Promise<void> {
    carry = { claimed: null };
    await requeueInterrupted(userId, now());
    if (stopped) return;
    const running = createActor(machine, { input: { online: options.isOnline(), now, ...(options.random ? { random: options.random } : {}) } });
    actor = running;
    running.subscribe((snapshot) =>
      setOutboxStatus(userId, {
        sender: true,
        state: snapshot.value,
        nextAttemptAt: snapshot.value === 'waiting' ? snapshot.context.nextAttemptAt : null,
        lastError: snapshot.context.lastError,
      }),
    );
    listen(win, 'online', () => running.send({ type: 'ONLINE' }));
    listen(win, 'offline', () => running.send({ type: 'OFFLINE' }));
    listen(win, 'focus', () => running.send({ type: 'WAKE', reason: 'focus' }));
    listen(doc, 'visibilitychange', () => {
      if (doc.visibilityState === 'visible') running.send({ type: 'WAKE', reason: 'visible' });
    });
    cleanups.push(onOutboxChanged((changed) => changed === userId && running.send({ type: 'WAKE', reason: 'enqueue' })));
    running.start();
  }

  function halt() {
    for (const cleanup of cleanups.splice(0)) cleanup();
    actor?.stop();
    actor = null;
  }

  let finished: Promise<void>;
  if (options.locks) {
    const abort = new AbortController();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    finished = options.locks
      .request(outboxLockName(userId), { signal: abort.signal }, async () => {
        await run();
        await held; // held while the tab lives
        halt();
      })
      .then(
        () => {},
        () => {}, // aborted before it was granted: this tab never sent
      );
    const stopLock = () => {
      abort.abort();
      release();
    };
    return sender(stopLock);
  }

  // No Web Locks: take the lease when free, renew it while alive, give it up on stop.
  let leased = false;
  leaseOk = () => leased;
  const tick = async () => {
    const got = await acquireLease(userId, holder, now(), OUTBOX_LEASE_MS);
    if (stopped) return;
    if (got && !leased) {
      leased = true;
      await run();
    } else if (!got && leased) {
      leased = false;
      halt();
    }
  };
  const timer = setInterval(() => void tick(), OUTBOX_LEASE_MS / 3);
  finished = tick();
  return sender(() => {
    clearInterval(timer);
  });

  function sender(stopAcquiring: () => void): OutboxSender {
    return {
      resume: () => actor?.send({ type: 'RESUME' }),
      wake: (reason) => actor?.send({ type: 'WAKE', reason }),
      isSender: () => actor !== null,
      stop: async () => {
        stopped = true;
        stopAcquiring();
        halt();
        await finished.catch(() => {});
        if (!options.locks) await releaseLease(userId, holder);
        setOutboxStatus(userId, null);
      },
    };
  }
}

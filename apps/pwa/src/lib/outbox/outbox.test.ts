import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { OUTBOX_DELAYS } from '@corridor/state-machines';
import type { Quote } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { localDbFor, localDbName } from '../local-first/local-db.ts';
import type { OutboxTransport } from './outbox-drain.ts';
import { followOutboxItem, OUTBOX_REREAD_GAP_MS } from './outbox-follow.ts';
import { OUTBOX_LEASE_MS, startOutboxSender, type OutboxSender } from './outbox-sender.ts';
import { outboxStatus } from './outbox-status.ts';
import type { OutboxRequoter } from './outbox-requote.ts';
import {
  confirmNewPrice,
  discard,
  enqueue,
  listOutbox,
  outboxCounts,
  outboxStates,
  replaceIfUnchanged,
  retryItem,
  submitToOutbox,
  unsentCount,
  type OutboxItem,
} from './outbox-store.ts';
import { sendOutboxItem } from './outbox-transport.ts';

/**
 * The portal's api client as the real transport reaches it: each call is recorded with its input,
 * and answered by the next scripted answer (by default the created transaction).
 */
const api = vi.hoisted(() => ({
  calls: [] as Array<{ id: string; input: { body?: unknown; idempotencyKey?: string } }>,
  script: [] as Array<() => unknown>,
}));
vi.mock('../api-client.ts', () => ({
  api: {
    call: async (id: string, input: { body?: unknown; idempotencyKey?: string }) => {
      api.calls.push({ id, input });
      const answer = api.script.shift();
      return answer ? answer() : { transactionId: `TXN-${api.calls.length}`, status: 'PENDING' };
    },
  },
}));

/** An error as the portal's api client throws it. */
const apiError = (status: number, code: string, invalidParameters: { parameter: string; message: string }[] = []) =>
  Object.assign(new Error(`${code} from the server`), { status, code, invalidParameters, traceId: 't-1' });

let userSeq = 0;
let user = '';
const senders: OutboxSender[] = [];

/**
 * The server as the outbox sees it: each request is recorded; `script` answers the n-th request
 * (by default a 201 with a payment that carries the draftId).
 */
function fakeServer(script: ((item: OutboxItem) => unknown)[] = []) {
  const requests: string[] = [];
  const transport: OutboxTransport = async (item) => {
    requests.push(item.id);
    const answer = script.shift();
    if (answer) return answer(item);
    return { id: `p-${item.id}`, draftId: item.id, status: item.kind === 'payment' ? 'INITIATED' : 'DRAFTED' };
  };
  return { requests, transport };
}

/** Web Locks as browsers grant them: one holder per name, the next waiter when it lets go. */
function fakeLocks() {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  const grantNext = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
  };
  const locks = {
    request: (name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>) =>
      new Promise((resolve, reject) => {
        const grant = () => {
          held.add(name);
          void callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              grantNext(name);
            });
        };
        if (!held.has(name)) return grant();
        const queue = queues.get(name) ?? [];
        queue.push(grant);
        queues.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          queues.set(
            name,
            (queues.get(name) ?? []).filter((waiter) => waiter !== grant),
          );
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  };
  return locks as unknown as Pick<LockManager, 'request'>;
}

function tab(transport: OutboxTransport, options: { locks?: Pick<LockManager, 'request'> | null; online?: () => boolean; requoter?: OutboxRequoter } = {}) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const signIns: number[] = [];
  const sender = startOutboxSender({
    userId: user,
    transport,
    locks: options.locks === undefined ? fakeLocks() : options.locks,
    win,
    doc,
    isOnline: options.online ?? (() => true),
    onNeedsSignIn: () => signIns.push(Date.now()),
    random: () => 0,
    ...(options.requoter ? { requoter: options.requoter } : {}),
  });
  senders.push(sender);
  return { sender, win, doc, signIns };
}

/** A quote as the server answers it, only the price fields mattering here. */
const quoteAt = (id: string, rate: string) =>
  ({
    id,
    sendAmount: { amount: '100.00', currency: 'EUR' },
    receiveAmount: { amount: new Dec(100).times(rate).toFixed(2), currency: 'USD' },
    exchangeRate: rate,
    merchantCharges: [{ feeType: 'OUR', amount: '2.00', currency: 'EUR' }],
    correspondentCharges: [],
  }) as unknown as Quote;

const body = (n: number) => ({ draftId: '', walletId: 'w-1', sendAmount: `${n}.00`, sendCurrency: 'EUR', receiver: { firstName: `R${n}` } });

async function enqueueMany(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = crypto.randomUUID();
    ids.push(id);
    await enqueue({ id, userId: user, kind: 'payment', body: body(n) });
  }
  return ids;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const AT_REST = new Set(['idle', 'waiting', 'paused', 'offline']);

/**
 * Waits (in real time: IndexedDB runs on setImmediate, WebCrypto on another thread) until `done`
 * holds for a few turns in a row; timers due at the current fake instant fire meanwhile.
 */
async function until(done: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const start = performance.now();
  let streak = 0;
  while (streak < 5) {
    if (performance.now() - start > timeoutMs) throw new Error('the outbox never came to rest');
    await turn();
    await vi.advanceTimersByTimeAsync(0);
    streak = (await done()) ? streak + 1 : 0;
  }
}

/** The sender has finished what it can do now (nothing in flight), after `ms` more of fake time. */
async function run(ms = 0) {
  const atRest = () => AT_REST.has(outboxStatus(user)?.state ?? '');
  await until(atRest);
  if (ms > 0) {
    await vi.advanceTimersByTimeAsync(ms);
    await until(atRest);
  }
}

const states = async () => (await listOutbox(user)).map((item) => item.state);

beforeEach(() => {
  api.calls.length = 0;
  api.script.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  user = `u-outbox-${++userSeq}`;
});
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop();
  vi.useRealTimers();
});

describe('enqueue', () => {
  it('is committed to IndexedDB when its promise resolves, sealed, in the strict-durability database', async () => {
    const id = crypto.randomUUID();
    const item = await enqueue({ id, userId: user, kind: 'draft', body: body(7) });
    expect(item).toMatchObject({ id, seq: 1, state: 'queued', attempts: 0, body: { draftId: id, sendAmount: '7.00' } });
    // A separate connection (another tab, or the page after a crash) sees the committed row.
    const other = new Dexie(localDbName(user));
    await other.open();
    const row = (await other.table('outbox').get(id)) as Record<string, unknown>;
    other.close();
    expect(row).toMatchObject({ id, seq: 1, state: 'queued' });
    expect(row.sealed).toBeDefined();
    expect(JSON.stringify(row)).not.toContain('7.00');
    expect((localDbFor(user) as unknown as { _options: Record<string, unknown> })._options.chromeTransactionDurability).toBe('strict');
  });

  it('keeps one item per draftId and numbers items in the order they were made', async () => {
    const [a, b] = await enqueueMany(2);
    await enqueue({ id: a!, userId: user, kind: 'payment', body: body(99) });
    const items = await listOutbox(user);
    expect(items.map((item) => [item.id, item.seq, item.body.sendAmount])).toEqual([
      [a, 1, '1.00'],
      [b, 2, '2.00'],
    ]);
  });
});

describe('sending', () => {
  it('sends every item once, in order, and stores the server’s payment', async () => {
    const ids = await enqueueMany(4);
    const server = fakeServer();
    tab(server.transport);
    await run();
    expect(server.requests).toEqual(ids);
    const items = await listOutbox(user);
    expect(items.map((item) => item.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(items[0]!.serverPayment).toMatchObject({ draftId: ids[0], status: 'INITIATED' });
    expect(await unsentCount(user)).toBe(0);
  });

  it('records each answer in the write that claims the next item: while a request is out, only its item is sending', async () => {
    await enqueueMany(3);
    const seen: string[][] = [];
    const server = fakeServer();
    tab(async (item) => {
      seen.push(await states());
      return server.transport(item);
    });
    await run();
    expect(seen).toEqual([
      ['sending', 'queued', 'queued'],
      ['sent', 'sending', 'queued'],
      ['sent', 'sent', 'sending'],
    ]);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it('a sender stopped right after an answer leaves the next item claimed; the next sender sends it once', async () => {
    const ids = await enqueueMany(2);
    const first = fakeServer();
    let stopping: Promise<void> | undefined;
    const { sender } = tab(async (item) => {
      const answer = await first.transport(item);
      stopping = sender.stop();
      return answer;
    });
    await until(async () => (await states()).join() === 'sent,sending');
    await stopping;
    const second = fakeServer();
    tab(second.transport);
    await run();
    expect(first.requests).toEqual([ids[0]]);
    expect(second.requests).toEqual([ids[1]]);
    expect(await states()).toEqual(['sent', 'sent']);
  });

  it('treats the server’s "same draft again" 200 as sent', async () => {
    const [id] = await enqueueMany(1);
    const stored = { id: 'p-existing', draftId: id, status: 'DRAFTED' };
    const server = fakeServer([() => stored]);
    tab(server.transport);
    await run();
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'sent', serverPayment: stored });
  });

  it('keeps the item after no answer and sends it after the back-off, keeping the order', async () => {
    const ids = await enqueueMany(2);
    const server = fakeServer([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    tab(server.transport);
    await run();
    expect(server.requests).toEqual([ids[0]]);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'queued', attempts: 1, lastError: { code: 'NETWORK_ERROR' } });
    await run(OUTBOX_DELAYS.retryBase / 2);
    expect(server.requests).toEqual([ids[0], ids[0], ids[1]]);
    expect(await states()).toEqual(['sent', 'sent']);
  });

  it('retries a 503 with growing waits and never gives the item up', async () => {
    await enqueueMany(1);
    const unavailable = () => {
      throw apiError(503, 'SERVICE_UNAVAILABLE');
    };
    const server = fakeServer([unavailable, unavailable, unavailable]);
    tab(server.transport);
    await run();
    expect(server.requests).toHaveLength(1);
    await run(500); // first wait: half of 1 s (random = 0)
    expect(server.requests).toHaveLength(2);
    await run(999); // second wait: 1 s
    expect(server.requests).toHaveLength(2);
    await run(1);
    expect(server.requests).toHaveLength(3);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'queued', attempts: 3, lastError: { status: 503 } });
    await run(2_000);
    expect(await states()).toEqual(['sent']);
  });

  it('rejects a 409 DRAFT_ID_REUSED and a 422 with the server’s reasons, and goes on with the next', async () => {
    const ids = await enqueueMany(3);
    const server = fakeServer([
      () => {
        throw apiError(409, 'DRAFT_ID_REUSED');
      },
      () => {
        throw apiError(422, 'VALIDATION_FAILED', [{ parameter: 'receiver.firstName', message: 'firstName is required' }]);
      },
    ]);
    tab(server.transport);
    await run();
    expect(server.requests).toEqual(ids);
    const items = await listOutbox(user);
    expect(items.map((item) => item.state)).toEqual(['rejected', 'rejected', 'sent']);
    expect(items[0]!.lastError).toMatchObject({ status: 409, code: 'DRAFT_ID_REUSED', message: 'DRAFT_ID_REUSED from the server' });
    expect(items[1]!.lastError?.invalidParameters).toEqual([{ parameter: 'receiver.firstName', message: 'firstName is required' }]);
    expect(await unsentCount(user)).toBe(2);
  });

  it('sends a fixed rejected item again when the user retries it, under the same draftId', async () => {
    const [id] = await enqueueMany(1);
    const server = fakeServer([
      () => {
        throw apiError(422, 'VALIDATION_FAILED', [{ parameter: 'sendAmount', message: 'too many decimals' }]);
      },
    ]);
    const t = tab(server.transport);
    await run();
    expect(await states()).toEqual(['rejected']);
    expect(await retryItem(user, id!, { ...body(1), sendAmount: '1.50' })).toBe(true);
    t.sender.wake('retry');
    await run();
    expect(server.requests).toEqual([id, id]);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'sent', body: { draftId: id, sendAmount: '1.50' } });
  });

  it('prices a draft again when its quote expired while it waited: the same price goes out at once on the new quote', async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, userId: user, kind: 'payment', body: { ...body(1), quoteId: 'q-old' } });
    const server = fakeServer([
      () => {
        throw apiError(422, 'QUOTE_EXPIRED');
      },
    ]);
    const asked: string[] = [];
    const requoter: OutboxRequoter = async ({ quoteId }) => {
      asked.push(quoteId);
      return { previous: quoteAt('q-old', '1.08500000'), next: quoteAt('q-new', '1.085') };
    };
    tab(server.transport, { requoter });
    await run();
    expect(asked).toEqual(['q-old']);
    expect(server.requests).toEqual([id, id]);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'sent', body: { quoteId: 'q-new' }, revision: 1 });
  });

  it('holds a draft whose new price differs, old and new side by side, and sends it only once the user confirms', async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await enqueue({ id: first, userId: user, kind: 'payment', body: { ...body(1), quoteId: 'q-old' } });
    await enqueue({ id: second, userId: user, kind: 'payment', body: body(2) });
    const server = fakeServer([
      () => {
        throw apiError(422, 'QUOTE_EXPIRED');
      },
    ]);
    const requoter: OutboxRequoter = async () => ({ previous: quoteAt('q-old', '1.085'), next: quoteAt('q-new', '1.0831') });
    const t = tab(server.transport, { requoter });
    await run();
    // The held draft waits for the user; the queue goes on with the next.
    expect(await states()).toEqual(['held', 'sent']);
    const held = (await listOutbox(user))[0]!;
    expect(held.requote?.previous?.exchangeRate).toBe('1.085');
    expect(held.requote?.next).toMatchObject({ quoteId: 'q-new', exchangeRate: '1.0831' });
    expect(server.requests).toEqual([first, second]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await run();
    expect(server.requests).toEqual([first, second]);

    expect(await confirmNewPrice(user, first)).toBe(true);
    t.sender.wake('retry');
    await run();
    expect(server.requests).toEqual([first, second, first]);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'sent', body: { quoteId: 'q-new' }, requote: null });
  });

  it('pauses the whole queue on 401, asks for sign-in once, and resumes after it', async () => {
    const ids = await enqueueMany(3);
    const server = fakeServer([
      () => {
        throw apiError(401, 'UNAUTHORIZED');
      },
    ]);
    const t = tab(server.transport);
    await run();
    expect(t.signIns).toHaveLength(1);
    t.win.dispatchEvent(new Event('focus'));
    t.win.dispatchEvent(new Event('online'));
    await run(10 * 60_000);
    expect(server.requests).toEqual([ids[0]]);
    expect(await states()).toEqual(['queued', 'queued', 'queued']);
    t.sender.resume();
    await run();
    expect(server.requests).toEqual([ids[0], ...ids]);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it('waits offline and drains on the online event; drains a new item on enqueue', async () => {
    let online = false;
    const [first] = await enqueueMany(1);
    const server = fakeServer();
    const t = tab(server.transport, { online: () => online });
    await run(60_000);
    expect(server.requests).toEqual([]);
    online = true;
    t.win.dispatchEvent(new Event('online'));
    await run();
    expect(server.requests).toEqual([first]);
    const [second] = await enqueueMany(1);
    await run();
    expect(server.requests).toEqual([first, second]);
  });

  it('drops nothing unless the user discards it; an item in flight cannot be discarded', async () => {
    const [a, b] = await enqueueMany(2);
    let release: () => void = () => {};
    const server = fakeServer([
      () => {
        throw apiError(422, 'VALIDATION_FAILED');
      },
      () => new Promise((resolve) => (release = () => resolve({ id: 'p-b' }))),
    ]);
    tab(server.transport);
    await until(async () => (await states()).join() === 'rejected,sending');
    expect(await discard(user, b!)).toBe(false);
    release();
    await run();
    expect(await states()).toEqual(['rejected', 'sent']);
    expect(await discard(user, a!)).toBe(true);
    expect((await listOutbox(user)).map((item) => item.id)).toEqual([b]);
  });
});

describe('following the outbox', () => {
  it('reads each item’s state by id from the state index, as the items themselves say, and counts the badge from them', async () => {
    const [a, b, c] = await enqueueMany(3);
    expect(await outboxStates(user)).toEqual(new Map([a, b, c].map((id) => [id, 'queued'])));
    const [first, second] = await listOutbox(user);
    await replaceIfUnchanged(first!, { ...first!, state: 'sent', updatedAt: first!.updatedAt + 1 });
    await replaceIfUnchanged(second!, { ...second!, state: 'rejected', updatedAt: second!.updatedAt + 1 });
    const byId = await outboxStates(user);
    expect(byId).toEqual(
      new Map([
        [a, 'sent'],
        [b, 'rejected'],
        [c, 'queued'],
      ]),
    );
    expect(new Map((await listOutbox(user)).map((item) => [item.id, item.state]))).toEqual(byId);
    // Unsent: refused and queued (not yet held by the server); failed: the refused one.
    expect(await outboxCounts(user)).toEqual({ unsent: 2, failed: 1 });
    expect(await unsentCount(user)).toBe(2);
  });

  it('follows one item through every change, whichever writer made it, until it is gone', async () => {
    const [a, b] = await enqueueMany(2);
    const seen: Array<string | null> = [];
    const stop = followOutboxItem(user, a!, (item) => seen.push(item ? `${item.id === a ? 'a' : 'other'}:${item.state}` : null));
    await until(() => seen.length === 1);
    expect(seen).toEqual(['a:queued']);
    // The sender sends both; only the followed one is reported, as it ends.
    const server = fakeServer();
    tab(server.transport);
    await run(OUTBOX_REREAD_GAP_MS);
    expect(server.requests).toEqual([a, b]);
    expect(seen.at(-1)).toBe('a:sent');
    expect(seen.every((s) => s?.startsWith('a:'))).toBe(true);
    await discard(user, a!);
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS);
    await until(() => seen.at(-1) === null);
    stop();
    const count = seen.length;
    await discard(user, b!);
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS);
    await turn();
    expect(seen).toHaveLength(count);
  });
});

describe('top-ups made offline', () => {
  const topUp = (amount: string) => ({
    draftId: '',
    category: 'TOPUP',
    type: 'BANK_TRANSFER',
    collectionMode: 'BANK_TRANSFER',
    targetWalletId: 'w-usd',
    targetAmount: { amount, currency: 'USD' },
    referenceNumber: 'INV-7',
  });

  it('go out as the merchant’s transaction create, keyed by the item id and kind, without the outbox’s draftId', async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, userId: user, kind: 'topup', body: topUp('250.00') });
    tab(sendOutboxItem);
    await run();
    expect(api.calls).toEqual([
      {
        id: 'merchantTransactions.create',
        input: {
          body: {
            category: 'TOPUP',
            type: 'BANK_TRANSFER',
            collectionMode: 'BANK_TRANSFER',
            targetWalletId: 'w-usd',
            targetAmount: { amount: '250.00', currency: 'USD' },
            referenceNumber: 'INV-7',
          },
          idempotencyKey: `${id}-topup`,
        },
      },
    ]);
    expect((await listOutbox(user))[0]).toMatchObject({ kind: 'topup', state: 'sent', serverPayment: { transactionId: 'TXN-1', status: 'PENDING' } });
  });

  it('a top-up whose answer was lost is sent again under the same key, so the server replays the first', async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, userId: user, kind: 'topup', body: topUp('10.00') });
    api.script.push(() => {
      throw new TypeError('Failed to fetch');
    });
    tab(sendOutboxItem);
    await run();
    expect(await states()).toEqual(['queued']);
    await run(OUTBOX_DELAYS.retryMax);
    expect(api.calls.map((c) => c.input.idempotencyKey)).toEqual([`${id}-topup`, `${id}-topup`]);
    expect(await states()).toEqual(['sent']);
  });

  it('a refused top-up keeps the server’s field message; fixed, it goes out under a new revision key', async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, userId: user, kind: 'topup', body: topUp('10.005') });
    api.script.push(() => {
      throw apiError(400, 'VALIDATION_FAILED', [{ parameter: 'targetAmount.amount', message: 'USD amounts have at most 2 decimals' }]);
    });
    const t = tab(sendOutboxItem);
    await run();
    const [refused] = await listOutbox(user);
    expect(refused).toMatchObject({
      state: 'rejected',
      lastError: { status: 400, invalidParameters: [{ parameter: 'targetAmount.amount', message: 'USD amounts have at most 2 decimals' }] },
    });
    await submitToOutbox({ id, userId: user, kind: 'topup', body: topUp('10.01') });
    t.sender.wake('retry');
    await run();
    expect(api.calls.map((c) => c.input.idempotencyKey)).toEqual([`${id}-topup`, `${id}-topup-r1`]);
    expect((await listOutbox(user))[0]).toMatchObject({ state: 'sent', revision: 1, body: { targetAmount: { amount: '10.01' } } });
  });

  it('a 401 pauses the queue of top-ups and payments alike until the user signs in again', async () => {
    const id = crypto.randomUUID();
    await enqueue({ id, userId: user, kind: 'topup', body: topUp('5.00') });
    const [payment] = await enqueueMany(1);
    api.script.push(() => {
      throw apiError(401, 'UNAUTHORIZED');
    });
    const t = tab(sendOutboxItem);
    await run(10 * 60_000);
    expect(t.signIns).toHaveLength(1);
    expect(api.calls.map((c) => c.id)).toEqual(['merchantTransactions.create']);
    expect(await states()).toEqual(['queued', 'queued']);
    t.sender.resume();
    await run();
    expect(api.calls.map((c) => [c.id, c.input.idempotencyKey])).toEqual([
      ['merchantTransactions.create', `${id}-topup`],
      ['merchantTransactions.create', `${id}-topup`],
      ['merchantPayments.create', `${payment}-initiate`],
    ]);
    expect(await states()).toEqual(['sent', 'sent']);
  });
});

describe('one sender per browser', () => {
  it('two tabs holding one Web Lock make one request per item; the second takes over when the first closes', async () => {
    const locks = fakeLocks();
    const ids = await enqueueMany(5);
    const server = fakeServer();
    const first = tab(server.transport, { locks });
    const second = tab(server.transport, { locks });
    await run();
    expect(server.requests).toEqual(ids);
    expect(first.sender.isSender()).toBe(true);
    expect(second.sender.isSender()).toBe(false);
    await first.sender.stop();
    await run();
    expect(second.sender.isSender()).toBe(true);
    const more = await enqueueMany(2);
    await run();
    expect(server.requests).toEqual([...ids, ...more]);
  });

  it('without Web Locks, a lease row lets one tab of two send', async () => {
    const ids = await enqueueMany(5);
    const server = fakeServer();
    const first = tab(server.transport, { locks: null });
    const second = tab(server.transport, { locks: null });
    await run();
    expect(server.requests).toEqual(ids);
    expect([first.sender.isSender(), second.sender.isSender()].filter(Boolean)).toHaveLength(1);
  });

  it('without Web Locks, the other tab takes the lease over when the sending tab closes', async () => {
    const ids = await enqueueMany(2);
    const server = fakeServer();
    const first = tab(server.transport, { locks: null });
    await run();
    const second = tab(server.transport, { locks: null });
    await run(OUTBOX_LEASE_MS);
    expect(second.sender.isSender()).toBe(false);
    await first.sender.stop();
    await vi.advanceTimersByTimeAsync(OUTBOX_LEASE_MS / 3);
    await run();
    expect(second.sender.isSender()).toBe(true);
    const more = await enqueueMany(1);
    await run();
    expect(server.requests).toEqual([...ids, ...more]);
  });

  it('a new sender sends again what a closed tab left sending, under the same draftId', async () => {
    const [id] = await enqueueMany(1);
    const [item] = await listOutbox(user);
    await replaceIfUnchanged(item!, { ...item!, state: 'sending', updatedAt: item!.updatedAt + 1 });
    const server = fakeServer();
    tab(server.transport);
    await run();
    expect(server.requests).toEqual([id]);
    expect(await states()).toEqual(['sent']);
  });
});

import { Dexie } from 'dexie';
import type { InvalidParameter } from '@corridor/api/light';
import { localDbFor, type StoredOutboxRow } from '../local-first/local-db.ts';
import { canSeal, seal, unseal } from '../local-first/sealing.ts';
import type { Requote } from './outbox-requote.ts';
import { notifyOutboxChanged } from './outbox-signal.ts';

/**
 * 'payment' initiates the payment (POST .../payments), 'draft' only stores it (POST .../payments/draft),
 * 'topup' is a merchant's top-up (POST .../transactions): it needs no quote, so it can wait offline.
 */
export type OutboxKind = 'payment' | 'draft' | 'topup';
/**
 * queued: waiting to send; sending: a request is out; sent: the server holds it; rejected: the server
 * refused it (kept for the user to fix or discard); held: waiting for the user (a new price to confirm).
 */
export type OutboxState = 'queued' | 'sending' | 'sent' | 'rejected' | 'held';

/**
 * The request body; `draftId` is the item's id, the server keeps a payment's unique forever. A top-up
 * has no draftId on the server: its Idempotency-Key (from the same id) lands it once.
 */
export interface OutboxBody {
  draftId: string;
  [field: string]: unknown;
}

export interface OutboxError {
  status: number;
  code: string;
  message: string;
  invalidParameters: InvalidParameter[];
}

export interface OutboxItem {
  /** The draftId: a UUID made on the device the moment the draft exists. */
  id: string;
  userId: string;
  kind: OutboxKind;
  body: OutboxBody;
  /** Whose call sends it: the merchant's own, or a TSP's on a merchant's behalf (merchant when absent). */
  role?: OutboxRole;
  /** How many times the user changed the body after a refusal: a changed request needs a new Idempotency-Key. */
  revision?: number;
  /** Order of sending for this user. */
  seq: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number | null;
  lastError: OutboxError | null;
  /** The server's payment (or top-up transaction) once sent. */
  serverPayment: unknown;
  /** Held: the quote expired while the draft waited and the new price differs; the user confirms it or discards. */
  requote?: Requote | null;
  createdAt: number;
  updatedAt: number;
}

type OutboxRole = 'MERCHANT' | 'TSP';

export interface NewOutboxItem {
  id: string;
  userId: string;
  kind: OutboxKind;
  body: OutboxBody;
  role?: OutboxRole;
}

/** States that still need the user or the network: everything a logout would lose. */
export const UNSENT_STATES: readonly OutboxState[] = ['queued', 'sending', 'held', 'rejected'];

type Sealable = Omit<OutboxItem, 'id' | 'seq' | 'state' | 'createdAt' | 'updatedAt'>;

/**
 * What each sealed row opened to, by item id, per database: the sync health views read the whole
 * outbox after every change, and decrypting all of it each time made a long drain quadratic. A row
 * is only taken from here when its ciphertext is the very one opened (the IV is fresh for every seal,
 * so any rewrite, by this tab or another, misses and is opened again).
 */
const opened = new WeakMap<object, Map<string, { iv: Uint8Array; rest: Sealable }>>();

function openedOf(userId: string): Map<string, { iv: Uint8Array; rest: Sealable }> {
  const db = localDbFor(userId);
  let map = opened.get(db);
  if (!map) opened.set(db, (map = new Map()));
  return map;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

async function unsealRow(userId: string, row: StoredOutboxRow): Promise<Sealable | undefined> {
  if (!row.sealed) return row.data as Sealable | undefined;
  const cache = openedOf(userId);
  const iv = new Uint8Array(row.sealed.iv);
  const hit = cache.get(row.id);
  if (hit && sameBytes(hit.iv, iv)) return hit.rest;
  const rest = await unseal<Sealable>(await localDbFor(userId).key(), row.sealed);
  if (rest) cache.set(row.id, { iv, rest });
  return rest;
}

async function toRow(item: OutboxItem): Promise<StoredOutboxRow> {
  const { id, seq, state, createdAt, updatedAt, ...rest } = item;
  const index = { id, seq, state, createdAt, updatedAt };
  if (!canSeal()) return { ...index, data: rest };
  const sealed = await seal(await localDbFor(item.userId).key(), rest);
  // What was sealed is known already: reading this row back needs no decryption.
  openedOf(item.userId).set(id, { iv: new Uint8Array(sealed.iv), rest });
  return { ...index, sealed };
}

async function fromRow(userId: string, row: StoredOutboxRow): Promise<OutboxItem | null> {
  const rest = await unsealRow(userId, row);
  if (!rest) return null;
  return { ...rest, id: row.id, seq: row.seq, state: row.state as OutboxState, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Rows as stored, in sending order. */
function outboxRows(userId: string): Promise<StoredOutboxRow[]> {
  return localDbFor(userId).outbox.orderBy('seq').toArray();
}

const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'sending', 'sent', 'rejected', 'held'];

/**
 * Every item's state by id, from the state index's keys alone: no row is read or unsealed, so a
 * batch of thousands is followed at the cost of its ids.
 */
export async function outboxStates(userId: string): Promise<Map<string, OutboxState>> {
  const db = localDbFor(userId);
  const ids = await db.transaction('r', db.outbox, () => Promise.all(OUTBOX_STATES.map((state) => db.outbox.where('state').equals(state).primaryKeys())));
  const states = new Map<string, OutboxState>();
  OUTBOX_STATES.forEach((state, i) => {
    for (const id of ids[i] ?? []) states.set(id, state);
  });
  return states;
}

async function openRows(userId: string, rows: StoredOutboxRow[]): Promise<OutboxItem[]> {
  const items = await Promise.all(rows.map((row) => fromRow(userId, row)));
  // Items the user discarded are no longer kept opened.
  const present = new Set(rows.map((row) => row.id));
  const cache = openedOf(userId);
  for (const id of cache.keys()) if (!present.has(id)) cache.delete(id);
  return items.filter((item): item is OutboxItem => item !== null);
}

/** Every item of `userId`, in sending order. */
export async function listOutbox(userId: string): Promise<OutboxItem[]> {
  return openRows(userId, await outboxRows(userId));
}

/** The item `id` of `userId`'s outbox, null when there is none (discarded, or never stored). */
export async function getOutboxItem(userId: string, id: string): Promise<OutboxItem | null> {
  const row = await localDbFor(userId).outbox.get(id);
  return row ? fromRow(userId, row) : null;
}

/**
 * Stores a new item before anything else happens: the promise resolves once IndexedDB committed it
 * (strict durability), so the screen may say "saved" even if the tab dies the next moment. Enqueueing
 * the same id twice keeps the first (a double click never makes two payments).
 */
export async function enqueue(input: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  const db = localDbFor(input.userId);
  const draft: OutboxItem = {
    ...input,
    body: { ...input.body, draftId: input.id },
    seq: 0,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    serverPayment: null,
    createdAt: now,
    updatedAt: now,
  };
  // Sealed before the transaction: a WebCrypto await inside it would end it.
  const row = await toRow(draft);
  const stored = await db.write(db.outbox, async () => {
    const existing = await db.outbox.get(input.id);
    if (existing) return existing;
    const last = await db.outbox.orderBy('seq').last();
    const next = { ...row, seq: (last?.seq ?? 0) + 1 };
    await db.outbox.add(next);
    return next;
  });
  notifyOutboxChanged(input.userId);
  return (await fromRow(input.userId, stored)) ?? { ...draft, seq: stored.seq };
}

/**
 * Replaces `item` with `next` only if nobody changed it since it was read (its `updatedAt`): the
 * compare-and-set that keeps a claim, a discard and a second sender from overwriting each other.
 */
export async function replaceIfUnchanged(item: OutboxItem, next: OutboxItem): Promise<boolean> {
  const db = localDbFor(item.userId);
  const row = await toRow(next);
  const done = await db.write(db.outbox, async () => {
    const current = await db.outbox.get(item.id);
    if (!current || current.updatedAt !== item.updatedAt || current.state !== item.state) return false;
    await db.outbox.put(row);
    return true;
  });
  if (done) notifyOutboxChanged(item.userId);
  return done;
}

/** The lowest-seq queued row, inside a transaction on the outbox. */
function firstQueued(db: ReturnType<typeof localDbFor>): Promise<StoredOutboxRow | undefined> {
  return db.outbox.where('[state+seq]').between(['queued', Dexie.minKey], ['queued', Dexie.maxKey]).first();
}

/**
 * Claims the lowest-seq queued item ('sending', a later `updatedAt`) and, in the same transaction,
 * first records `settle` (the previous item's answer, compare-and-set as `replaceIfUnchanged`): one
 * durable write per draft where a claim and a settle took two. The claim only changes fields kept
 * outside the seal (state, updatedAt), so the sealed body is written back as it is: no encryption
 * inside or before the transaction. Answers the claimed item, or null when nothing is queued (the
 * settle is still written). Items left 'sending' by a tab that closed are queued again by the next
 * sender when it takes over (`requeueInterrupted`), never picked up here, so an item whose request
 * is out is never sent a second time.
 */
export async function settleAndClaimNext(userId: string, settle: { item: OutboxItem; next: OutboxItem } | null, now: number): Promise<OutboxItem | null> {
  const db = localDbFor(userId);
  // Sealed before the transaction: a WebCrypto await inside it would end it.
  const settleRow = settle ? await toRow(settle.next) : null;
  let wrote = false;
  const claimed = await db.write(db.outbox, async () => {
    if (settle && settleRow) {
      const current = await db.outbox.get(settle.item.id);
      if (current && current.updatedAt === settle.item.updatedAt && current.state === settle.item.state) {
        await db.outbox.put(settleRow);
        wrote = true;
      }
    }
    const row = await firstQueued(db);
    if (!row) return null;
    const sending = { ...row, state: 'sending' as const, updatedAt: Math.max(now, row.updatedAt + 1) };
    await db.outbox.put(sending);
    wrote = true;
    return sending;
  });
  if (wrote) notifyOutboxChanged(userId);
  return claimed ? fromRow(userId, claimed) : null;
}

/**
 * Items left 'sending' by a sender that went away are queued again; only the new sender (the lock
 * or lease holder) calls this, so none of them can still be in flight from this browser.
 */
export async function requeueInterrupted(userId: string, now = Date.now()): Promise<number> {
  const items = (await listOutbox(userId)).filter((item) => item.state === 'sending');
  let count = 0;
  for (const item of items) {
    if (await replaceIfUnchanged(item, { ...item, state: 'queued', updatedAt: Math.max(now, item.updatedAt + 1) })) count++;
  }
  return count;
}

/**
 * The form's send: a new draft is enqueued; a draft the server refused (or held for a new price) and
 * that the user fixed goes back in the queue with its new body and intent, under the same draftId.
 * An item queued or with the server already is left as it is (a double click sends once).
 */
export async function submitToOutbox(input: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  const existing = await getOutboxItem(input.userId, input.id);
  if (!existing) return enqueue(input, now);
  if (existing.state !== 'rejected' && existing.state !== 'held') return existing;
  const next: OutboxItem = {
    ...existing,
    kind: input.kind,
    body: { ...input.body, draftId: existing.id },
    revision: (existing.revision ?? 0) + 1,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    updatedAt: Math.max(now, existing.updatedAt + 1),
  };
  return (await replaceIfUnchanged(existing, next)) ? next : ((await getOutboxItem(input.userId, input.id)) ?? next);
}

/** Puts a rejected or held item back in the queue (after the user fixed it, or confirmed a new price). */
export async function retryItem(userId: string, id: string, body?: OutboxBody, now = Date.now()): Promise<boolean> {
  const item = await getOutboxItem(userId, id);
  if (!item || (item.state !== 'rejected' && item.state !== 'held' && item.state !== 'queued')) return false;
  const next: OutboxItem = {
    ...item,
    ...(body ? { body: { ...body, draftId: item.id }, revision: (item.revision ?? 0) + 1 } : {}),
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    updatedAt: Math.max(now, item.updatedAt + 1),
  };
  return replaceIfUnchanged(item, next);
}

/**
 * The user accepts the new price of a held draft: it goes back in the queue on the new quote (a changed
 * body, so a new Idempotency-Key; the draftId still lands it once).
 */
export async function confirmNewPrice(userId: string, id: string, now = Date.now()): Promise<boolean> {
  const item = await getOutboxItem(userId, id);
  if (!item || item.state !== 'held' || !item.requote) return false;
  const next: OutboxItem = {
    ...item,
    body: { ...item.body, quoteId: item.requote.next.quoteId },
    revision: (item.revision ?? 0) + 1,
    requote: null,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    updatedAt: Math.max(now, item.updatedAt + 1),
  };
  return replaceIfUnchanged(item, next);
}

/**
 * Removes an item: only the user does this (nothing leaves the outbox otherwise). An item whose
 * request is out cannot be discarded: its answer may already be a payment.
 */
export async function discard(userId: string, id: string): Promise<boolean> {
  const db = localDbFor(userId);
  const done = await db.write(db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || row.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
  if (done) notifyOutboxChanged(userId);
  return done;
}

/** How many items a logout or a reload for an update would lose (for their confirmations). */
export async function unsentCount(userId: string): Promise<number> {
  return (await outboxCounts(userId)).unsent;
}

/**
 * What the header's badge shows: items not yet held by the server, and of them those it refused.
 * Everything but 'sent' is unsent: counts IndexedDB answers from its indexes, where a count of
 * several states walked every unsent key (and runs after each write while a long queue drains).
 */
export async function outboxCounts(userId: string): Promise<{ unsent: number; failed: number }> {
  const db = localDbFor(userId);
  return db.transaction('r', db.outbox, async () => {
    const [all, sent, failed] = await Promise.all([
      db.outbox.count(),
      db.outbox.where('state').equals('sent').count(),
      db.outbox.where('state').equals('rejected').count(),
    ]);
    return { unsent: all - sent, failed };
  });
}

/**
 * The sending lease where Web Locks are missing: `holder` gets (or keeps) it when it is free,
 * expired or already its own. Checked and written in one transaction, so two tabs never both hold it.
 */
export async function acquireLease(userId: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const db = localDbFor(userId);
  return db.write(db.outboxLease, async () => {
    const lease = await db.outboxLease.get('sender');
    if (lease && lease.holder !== holder && lease.expiresAt > now) return false;
    await db.outboxLease.put({ id: 'sender', holder, expiresAt: now + ttlMs });
    return true;
  });
}

/** Gives the lease up (the tab closes), so another tab takes over at once. */
export async function releaseLease(userId: string, holder: string): Promise<void> {
  const db = localDbFor(userId);
  await db.write(db.outboxLease, async () => {
    const lease = await db.outboxLease.get('sender');
    if (lease?.holder === holder) await db.outboxLease.delete('sender');
  });
}

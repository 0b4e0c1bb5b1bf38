import { Dexie, type EntityTable, type Table } from 'dexie';
import { canSeal, newSealingKey, seal, unseal, type Sealed } from './sealing.ts';

/** One cached answer: what the network last said for `key`, and when it said it. */
export interface CachedRow<T = unknown> {
  key: string;
  data: T;
  /** Epoch milliseconds of the answer (drives "Updated ... ago"). */
  fetchedAt: number;
}

/** How a row is stored: sensitive stores keep `sealed` (ciphertext) instead of `data`. */
interface StoredRow {
  key: string;
  fetchedAt: number;
  data?: unknown;
  sealed?: Sealed;
}

/**
 * One unsent (or settled) item of the payment outbox as stored: what the queue orders and filters on
 * stays readable, the payment itself (`sealed`, or `data` where nothing can be sealed) does not.
 */
export interface StoredOutboxRow {
  id: string;
  seq: number;
  state: string;
  createdAt: number;
  updatedAt: number;
  sealed?: Sealed;
  data?: unknown;
}

/** The sending lease of a browser without Web Locks (one row per database). */
interface OutboxLeaseRow {
  id: string;
  holder: string;
  expiresAt: number;
}

interface KeyRow {
  id: string;
  key: CryptoKey;
}

/**
 * The tables of the local database (ARCHITECTURE section 4): reference lists, wallets, positions,
 * any other list answer keyed by call id + query, and saved table state.
 */
const LOCAL_STORES = ['reference', 'wallets', 'positions', 'lists', 'tableState'] as const;
export type LocalStore = (typeof LOCAL_STORES)[number];

/** Reference lists (currencies, banks) are public; everything else holds the user's figures. */
const PLAIN_STORES: ReadonlySet<LocalStore> = new Set(['reference']);
const DATA_KEY_ID = 'data';

const DB_PREFIX = 'corridor-local-';

/**
 * Starts `begin` on a task of its own, by a message to itself (timers are slowed to once a second in a hidden
 * tab, and the outbox keeps writing there). Called from the message's handler, not after an await: an await
 * begun in a live query's context resumes in it.
 */
function onItsOwnTask<T>(begin: () => PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      begin().then(resolve, reject);
    };
    channel.port2.postMessage(null);
  });
}

/**
 * One database per signed-in user, so one user's cache can never answer for another.
 * @internal
 */
export function localDbName(userId: string): string {
  return `${DB_PREFIX}${userId}`;
}

class LocalDb extends Dexie {
  reference!: EntityTable<StoredRow, 'key'>;
  wallets!: EntityTable<StoredRow, 'key'>;
  positions!: EntityTable<StoredRow, 'key'>;
  lists!: EntityTable<StoredRow, 'key'>;
  tableState!: EntityTable<StoredRow, 'key'>;
  keys!: EntityTable<KeyRow, 'id'>;
  outbox!: EntityTable<StoredOutboxRow, 'id'>;
  outboxLease!: EntityTable<OutboxLeaseRow, 'id'>;
  private sealingKey: Promise<CryptoKey> | null = null;

  constructor(userId: string) {
    // Strict durability: an outbox write resolves only once it is on disk, so a payment the user was
    // told is saved survives a crash or power loss (Chromium otherwise relaxes it).
    super(localDbName(userId), { chromeTransactionDurability: 'strict' });
    const schema = Object.fromEntries(LOCAL_STORES.map((store) => [store, 'key, fetchedAt']));
    this.version(1).stores(schema);
    this.version(2).stores({ ...schema, keys: 'id' });
    this.version(3).stores({ ...schema, keys: 'id', outbox: 'id, seq, state', outboxLease: 'id' });
    // The sender's "next queued item" is one index lookup on [state+seq]: walking `seq` past every
    // sent item made each step read the whole history, so a long queue drained in quadratic time.
    this.version(4).stores({ ...schema, keys: 'id', outbox: 'id, seq, state, [state+seq]', outboxLease: 'id' });
  }

  table_(store: LocalStore): EntityTable<StoredRow, 'key'> {
    return this[store];
  }

  /**
   * A read-write transaction, begun from a task of its own. While a live query of the page is reading, Dexie
   * carries that query's context across the page's microtasks, and a read-write transaction begun from one of
   * them is refused ("Readwrite transaction in liveQuery context"): on a reloaded payment page the first
   * answers fetched were refused their storing, and the page showed the older stored row until a retry. No
   * live query's context reaches a new task. The cost is one turn of the event loop per write.
   */
  write<T>(tables: Table | readonly Table[], scope: () => Promise<T>): Promise<T> {
    return onItsOwnTask(() => this.transaction('rw', Array.isArray(tables) ? tables : [tables], scope));
  }

  /**
   * The user's sealing key, made on first use. The key is generated before the transaction
   * (WebCrypto promises would end it) and only stored if no other tab stored one first.
   */
  key(): Promise<CryptoKey> {
    this.sealingKey ??= (async () => {
      const existing = await this.keys.get(DATA_KEY_ID);
      if (existing) return existing.key;
      const fresh = await newSealingKey();
      return this.write(this.keys, async () => {
        const raced = await this.keys.get(DATA_KEY_ID);
        if (raced) return raced.key;
        await this.keys.put({ id: DATA_KEY_ID, key: fresh });
        return fresh;
      });
    })().catch((error: unknown) => {
      // A failed attempt is not kept: the next write asks again instead of failing for the page's whole life.
      this.sealingKey = null;
      throw error;
    });
    return this.sealingKey;
  }
}

const open = new Map<string, LocalDb>();

/**
 * The (shared) database of `userId`; Dexie opens it lazily on the first query (the outbox uses it too).
 */
export function localDbFor(userId: string): LocalDb {
  let db = open.get(userId);
  if (!db) {
    db = new LocalDb(userId);
    open.set(userId, db);
  }
  return db;
}

/** Deletes everything cached for `userId` (logout: ASVS 14.3, no data left behind on shared devices). */
export async function clearLocalData(userId: string): Promise<void> {
  const db = open.get(userId);
  open.delete(userId);
  if (db) {
    db.close();
    await db.delete();
    return;
  }
  await Dexie.delete(localDbName(userId));
}

/**
 * The cached answer for `key`, opened when sealed. A row that cannot be opened (its key is gone)
 * reads as nothing, so the next refresh simply replaces it.
 */
export async function readCached<T>(userId: string, store: LocalStore, key: string): Promise<CachedRow<T> | null> {
  const db = localDbFor(userId);
  // The Dexie read comes first: a live query tracks what it read before any WebCrypto await.
  const row = await db.table_(store).get(key);
  if (!row) return null;
  if (row.sealed) {
    const data = await unseal<T>(await db.key(), row.sealed);
    return data === undefined ? null : { key: row.key, data, fetchedAt: row.fetchedAt };
  }
  return { key: row.key, data: row.data as T, fetchedAt: row.fetchedAt };
}

/** One answer to store: under `key` in `store`. */
export interface CacheEntry {
  store: LocalStore;
  key: string;
  data: unknown;
}

/**
 * Stores several answers in one transaction: a list and the rows it also fills under their detail keys.
 * Every write of this database waits for the disk (strict durability, for the outbox), so one transaction
 * is one wait instead of one per row (a merchant's wallet list and its wallets: 1 instead of 1 + rows).
 * Sealing happens before the transaction opens (a WebCrypto await inside would end it).
 */
export async function writeCachedAll(userId: string, entries: readonly CacheEntry[], fetchedAt = Date.now()): Promise<void> {
  if (entries.length === 0) return;
  const db = localDbFor(userId);
  const sealing = canSeal() && entries.some((entry) => !PLAIN_STORES.has(entry.store)) ? await db.key() : null;
  // Without WebCrypto (plain http on a LAN address) there is no key to seal with.
  const rows = await Promise.all(
    entries.map(async ({ store, key, data }) => ({
      store,
      row: sealing && !PLAIN_STORES.has(store) ? { key, sealed: await seal(sealing, data), fetchedAt } : { key, data, fetchedAt },
    })),
  );
  const stores = [...new Set(rows.map((entry) => entry.store))];
  await db.write(
    stores.map((store) => db.table_(store)),
    async () => {
      for (const store of stores) {
        await db.table_(store).bulkPut(rows.filter((entry) => entry.store === store).map((entry) => entry.row));
      }
    },
  );
}

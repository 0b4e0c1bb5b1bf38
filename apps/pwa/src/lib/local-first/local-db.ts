import { Dexie, type EntityTable } from 'dexie';

/** One cached answer: what the network last said for `key`, and when it said it. */
export interface CachedRow<T = unknown> {
  key: string;
  data: T;
  /** Epoch milliseconds of the answer (drives "Updated ... ago"). */
  fetchedAt: number;
}

/**
 * The tables of the local database (ARCHITECTURE section 4): reference lists, wallets, positions,
 * any other list answer keyed by call id + query, and saved table state.
 */
export const LOCAL_STORES = ['reference', 'wallets', 'positions', 'lists', 'tableState'] as const;
export type LocalStore = (typeof LOCAL_STORES)[number];

const DB_PREFIX = 'corridor-local-';

/** One database per signed-in user, so one user's cache can never answer for another. */
export function localDbName(userId: string): string {
  return `${DB_PREFIX}${userId}`;
}

export class LocalDb extends Dexie {
  reference!: EntityTable<CachedRow, 'key'>;
  wallets!: EntityTable<CachedRow, 'key'>;
  positions!: EntityTable<CachedRow, 'key'>;
  lists!: EntityTable<CachedRow, 'key'>;
  tableState!: EntityTable<CachedRow, 'key'>;

  constructor(userId: string) {
    super(localDbName(userId));
    const schema = Object.fromEntries(LOCAL_STORES.map((store) => [store, 'key, fetchedAt']));
    this.version(1).stores(schema);
  }

  table_(store: LocalStore): EntityTable<CachedRow, 'key'> {
    return this[store];
  }
}

const open = new Map<string, LocalDb>();

/** The (shared) database of `userId`; Dexie opens it lazily on the first query. */
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

export async function readCached<T>(userId: string, store: LocalStore, key: string): Promise<CachedRow<T> | null> {
  const row = await localDbFor(userId).table_(store).get(key);
  return (row as CachedRow<T> | undefined) ?? null;
}

export async function writeCached<T>(userId: string, store: LocalStore, key: string, data: T, fetchedAt = Date.now()): Promise<void> {
  await localDbFor(userId).table_(store).put({ key, data, fetchedAt });
}

import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { Dexie, liveQuery } from 'dexie';
import { clearLocalData, localDbFor, localDbName, readCached, writeCachedAll, type LocalStore } from './local-db.ts';
import { cacheKey } from './cache-key.ts';

/** One answer stored on its own. */
const writeCached = (userId: string, store: LocalStore, key: string, data: unknown, fetchedAt?: number) =>
  writeCachedAll(userId, [{ store, key, data }], fetchedAt);

describe('local database per user', () => {
  it('names the database after the user', () => {
    expect(localDbName('u-42')).toBe('corridor-local-u-42');
    expect(localDbFor('u-42').name).toBe('corridor-local-u-42');
  });

  it('stores an answer with the time it was fetched and reads it back', async () => {
    await writeCached('u-a', 'wallets', 'k1', [{ id: 'w1', balance: '10.50' }], 1_700_000_000_000);
    expect(await readCached('u-a', 'wallets', 'k1')).toEqual({
      key: 'k1',
      data: [{ id: 'w1', balance: '10.50' }],
      fetchedAt: 1_700_000_000_000,
    });
    expect(await readCached('u-a', 'lists', 'k1')).toBeNull();
  });

  it("never answers one user's read from another user's cache", async () => {
    await writeCached('u-b', 'lists', 'shared', 'b-data');
    await writeCached('u-c', 'lists', 'shared', 'c-data');
    expect((await readCached('u-b', 'lists', 'shared'))?.data).toBe('b-data');
    expect((await readCached('u-c', 'lists', 'shared'))?.data).toBe('c-data');
  });

  it('clearLocalData deletes that user’s database and leaves the others', async () => {
    await writeCached('u-d', 'positions', 'p', 1);
    await writeCached('u-e', 'positions', 'p', 2);
    await clearLocalData('u-d');
    expect(await Dexie.exists(localDbName('u-d'))).toBe(false);
    expect(await readCached('u-d', 'positions', 'p')).toBeNull();
    expect((await readCached('u-e', 'positions', 'p'))?.data).toBe(2);
  });

  it('clearLocalData also removes a database this page never opened', async () => {
    const other = new Dexie(localDbName('u-f'));
    other.version(1).stores({ lists: 'key' });
    await other.table('lists').put({ key: 'x', data: 1, fetchedAt: 0 });
    other.close();
    await clearLocalData('u-f');
    expect(await Dexie.exists(localDbName('u-f'))).toBe(false);
  });
});

describe('cacheKey', () => {
  it('is the call id plus its inputs, whatever the order of their fields', () => {
    expect(cacheKey('merchantWallets.list')).toBe('merchantWallets.list');
    expect(cacheKey('merchantWallets.list', { page: 0, size: 10 })).toBe(cacheKey('merchantWallets.list', { size: 10, page: 0 }));
    expect(cacheKey('a', { q: { b: 1, a: [2, 3] } })).toBe('a?{"q":{"a":[2,3],"b":1}}');
  });

  it('ignores undefined fields but tells different values apart', () => {
    expect(cacheKey('a', { x: 1, y: undefined })).toBe(cacheKey('a', { x: 1 }));
    expect(cacheKey('a', { x: 1 })).not.toBe(cacheKey('a', { x: 2 }));
    expect(cacheKey('a', { x: 1 })).not.toBe(cacheKey('b', { x: 1 }));
  });
});

describe('encryption at rest', () => {
  it('stores wallet figures as ciphertext and reads them back', async () => {
    const wallets = [{ id: 'w1', balance: '987654.32', alias: 'Secret alias' }];
    await writeCached('u-s', 'wallets', 'k', wallets, 1000);
    const raw = await localDbFor('u-s').wallets.get('k');
    expect(raw?.data).toBeUndefined();
    expect(raw?.sealed?.bytes.byteLength).toBeGreaterThan(0);
    const rawText = new TextDecoder().decode(raw?.sealed?.bytes);
    expect(rawText).not.toContain('987654.32');
    expect(rawText).not.toContain('Secret alias');
    expect(await readCached('u-s', 'wallets', 'k')).toEqual({ key: 'k', data: wallets, fetchedAt: 1000 });
  });

  it('stores a list and the rows it fills in one transaction: all or none, each sealed but the reference', async () => {
    const db = localDbFor('u-m');
    const entries = [
      { store: 'lists' as const, key: 'list', data: [{ id: 'w1' }, { id: 'w2' }] },
      { store: 'positions' as const, key: 'w1', data: { id: 'w1', balance: '1.00' } },
      { store: 'positions' as const, key: 'w2', data: { id: 'w2', balance: '2.00' } },
      { store: 'reference' as const, key: 'banks', data: ['Atlas'] },
    ];
    let transactions = 0;
    db.use({
      stack: 'dbcore',
      name: 'count-transactions',
      create: (down) => ({
        ...down,
        transaction: (...args) => {
          transactions += 1;
          return down.transaction(...args);
        },
      }),
    });
    // The sealing key is made once per user (its own transactions); then one write is one transaction.
    await db.key();
    transactions = 0;
    await writeCachedAll('u-m', entries, 2000);
    expect(transactions).toBe(1);
    for (const entry of entries) expect(await readCached('u-m', entry.store, entry.key)).toEqual({ key: entry.key, data: entry.data, fetchedAt: 2000 });
    expect((await db.positions.get('w1'))?.data).toBeUndefined();
    expect((await db.reference.get('banks'))?.data).toEqual(['Atlas']);
  });

  it('keeps public reference lists readable', async () => {
    await writeCached('u-s', 'reference', 'currencies', [{ code: 'USD', dp: 2 }]);
    expect((await localDbFor('u-s').reference.get('currencies'))?.data).toEqual([{ code: 'USD', dp: 2 }]);
  });

  it('uses one non-extractable key per user, gone with the database at logout', async () => {
    await writeCached('u-k', 'lists', 'a', 1);
    const key = await localDbFor('u-k').key();
    expect(key.extractable).toBe(false);
    expect(key.algorithm.name).toBe('AES-GCM');
    expect(await localDbFor('u-k').key()).toBe(key);
    const sealed = (await localDbFor('u-k').lists.get('a'))?.sealed;
    await clearLocalData('u-k');
    // A new session of the same user gets a new key: rows sealed under the old one read as nothing.
    await localDbFor('u-k').lists.put({ key: 'a', sealed, fetchedAt: 0 });
    expect(await readCached('u-k', 'lists', 'a')).toBeNull();
  });

  it('a sealing key the storage failed to make is made again on the next write, not failed for good', async () => {
    const db = localDbFor('u-retry');
    const refusal = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const get = vi.spyOn(db.keys, 'get').mockImplementationOnce(refusal as unknown as typeof db.keys.get);
    await expect(writeCached('u-retry', 'lists', 'a', 'first')).rejects.toThrow('quota');
    expect(get).toHaveBeenCalledTimes(1);
    await writeCached('u-retry', 'lists', 'a', 'second');
    expect((await readCached('u-retry', 'lists', 'a'))?.data).toBe('second');
    get.mockRestore();
  });
});

describe('writes while a live query reads', () => {
  it("stores a write begun in a live query's context, where Dexie refuses a read-write transaction", async () => {
    const db = localDbFor('u-live');
    // Dexie carries a live query's context across the page's microtasks: code that runs in it, as the screen's
    // refresh did on a reloaded payment page, is where this write and the plain transaction start.
    const outcomes = await new Promise<[PromiseSettledResult<unknown>, PromiseSettledResult<unknown>]>((resolve) => {
      const subscription = liveQuery(() => {
        const plain = db.transaction('rw', db.lists, () => db.lists.put({ key: 'plain', data: 1, fetchedAt: 1 }));
        const written = db.write(db.lists, () => db.lists.put({ key: 'written', data: 2, fetchedAt: 2 }));
        void Promise.allSettled([plain, written]).then(([a, b]) => resolve([a, b]));
        return 0;
      }).subscribe({ next: () => setTimeout(() => subscription.unsubscribe(), 0) });
    });
    expect(outcomes[0].status).toBe('rejected');
    expect(outcomes[0].status === 'rejected' && (outcomes[0].reason as Error).name).toBe('ReadOnlyError');
    expect(outcomes[1].status).toBe('fulfilled');
    expect((await db.lists.get('written'))?.data).toBe(2);
    expect(await db.lists.get('plain')).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../db/transaction.ts';
import { RateBook } from '../rates/rate-book.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { currencyDecimals, followPricing, heldInputs } from './rate-cache.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const CHECK_INTERVAL_PASSED = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fails instead of hanging when `work` waits for what cannot come. */
const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, sleep(ms).then(() => Promise.reject(new Error(`still waiting after ${ms} ms`)))]);

describe('the pricing state', () => {
  it('is not waited for from inside a transaction while the database itself is checking it (which needs a connection of its own)', async () => {
    const db = s.services.db;
    const book = new RateBook();
    await followPricing(db, book);
    await sleep(CHECK_INTERVAL_PASSED);
    // The follower's check on the database, started while a request's transaction holds a connection: on
    // the embedded database (one connection) it cannot run before the transaction ends, so a transaction
    // that waited for it would wait for ever; on PostgreSQL the same happens once every pool connection is
    // held that way.
    let follower: Promise<void> | undefined;
    const dps = await within(
      5_000,
      inTransaction(db, async (tx) => {
        await tx.execute(sql`select 1`);
        follower = followPricing(db, book);
        return currencyDecimals(tx, book);
      }),
    );
    expect(dps.get('USD')).toBe(2);
    await within(5_000, follower ?? Promise.resolve());
  });

  it('loads held inputs on the transaction rather than wait for a load running on the database itself', async () => {
    const db = s.services.db;
    const book = new RateBook();
    await followPricing(db, book);
    let release: (value: string) => void = () => undefined;
    const outside = heldInputs(db, book, 'band|x', () => new Promise<string>((resolve) => (release = resolve)));
    const inside = await within(
      5_000,
      inTransaction(db, (tx) => heldInputs(tx, book, 'band|x', async () => 'read on the transaction')),
    );
    expect(inside).toBe('read on the transaction');
    release('read on the database');
    expect(await outside).toBe('read on the database');
    // Once the database's load has settled, everyone shares it.
    expect(await inTransaction(db, (tx) => heldInputs(tx, book, 'band|x', async () => 'not read again'))).toBe('read on the database');
  });
});

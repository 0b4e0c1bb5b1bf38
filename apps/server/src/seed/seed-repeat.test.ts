import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openMemoryPglite } from '../db/open.ts';
import { bankAccounts } from '../db/schema.ts';
import { FileStorage } from '../lib/file-storage.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { seedDemoData } from './seed.ts';

let s: TestServer;
let folder: string;
beforeAll(async () => {
  s = await startTestServer();
  folder = await mkdtemp(join(tmpdir(), 'corridor-seed-'));
});
afterAll(async () => {
  await s.close();
  await rm(folder, { recursive: true, force: true });
});

/** Every demo bank account's numbers, in the order they were opened. */
async function accountsOf(database: Database) {
  const rows = await database.db
    .select({ holder: bankAccounts.accountHolderName, iban: bankAccounts.iban, number: bankAccounts.accountNumber })
    .from(bankAccounts)
    .orderBy(asc(bankAccounts.id));
  return rows.map((r) => `${r.holder} ${r.iban ?? r.number ?? ''}`);
}

/** A database seeded in this process (the template the test server clones was seeded in another). */
async function seededHere(): Promise<string[]> {
  const database = await openMemoryPglite();
  try {
    await migrate(database.db, MIGRATIONS_DIR);
    await seedDemoData(database.db, new FileStorage(join(folder, 'files')));
    return await accountsOf(database);
  } finally {
    await database.close();
  }
}

// The test files of a worker share its modules, and a process may seed more than one database: each seed
// must still open the same accounts, or the demo a user sees depends on what ran before it.
it('opens the same bank accounts on every seeded database, however many one process seeds', async () => {
  const template = await accountsOf(s.database);
  expect(template.length).toBeGreaterThan(10);
  expect(await seededHere()).toEqual(template);
  expect(await seededHere()).toEqual(template);
}, 180_000);

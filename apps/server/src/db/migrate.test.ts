import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openMemoryPglite } from './open.ts';

let folder: string;
let database: Database;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'corridor-migrate-'));
  await mkdir(join(folder, 'meta'));
  database = await openMemoryPglite();
});
afterEach(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

/** A migrations folder as drizzle-kit writes it: the journal and one SQL file per tag. */
async function migrations(files: Array<[tag: string, sql: string]>): Promise<void> {
  for (const [tag, text] of files) await writeFile(join(folder, `${tag}.sql`), text);
  const entries = files.map(([tag], idx) => ({ idx, tag }));
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ entries }));
}

const tagsRecorded = async () =>
  rowsOf<{ tag: string }>(await database.db.execute(sql`SELECT tag FROM corridor_migrations ORDER BY tag`)).map((row) => row.tag);

it('applies each file once: a start that finds them all applied changes nothing, a later file is applied alone', async () => {
  await migrations([
    ['0000_a', 'CREATE TABLE a (id int PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO a VALUES (1);'],
    ['0001_b', 'CREATE TABLE b (id int PRIMARY KEY);'],
  ]);
  expect(await migrate(database.db, folder)).toEqual(['0000_a', '0001_b']);
  // Every file recorded: the one read of the fast path answers, and a second run would fail on CREATE TABLE if it did not.
  expect(await migrate(database.db, folder)).toEqual([]);
  expect(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM a`))[0]?.n).toBe(1);

  await migrations([
    ['0000_a', 'CREATE TABLE a (id int PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO a VALUES (1);'],
    ['0001_b', 'CREATE TABLE b (id int PRIMARY KEY);'],
    ['0002_c', 'INSERT INTO a VALUES (2);'],
  ]);
  expect(await migrate(database.db, folder)).toEqual(['0002_c']);
  expect(rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM a`))[0]?.n).toBe(2);
  expect(await tagsRecorded()).toEqual(['0000_a', '0001_b', '0002_c']);
});

import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { emptyClusterFile, emptyClusterOptions, writeEmptyCluster } from './empty-cluster.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS_DIR } from '../config.ts';
import type { Db } from './database.ts';

// A server folder of the test's own: its PGlite "installed" at a version of its own, the server's migrations, dist/ empty.
let root: string;
async function installPglite(version: string): Promise<void> {
  const folder = join(root, 'node_modules', '@electric-sql', 'pglite');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'package.json'), JSON.stringify({ name: '@electric-sql/pglite', version }));
}
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'corridor-cluster-'));
  await mkdir(join(root, 'dist'));
  await cp(MIGRATIONS_DIR, join(root, 'drizzle'), { recursive: true });
  await installPglite('0.0.0-test');
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe("PGlite's empty cluster, made by the build for new data folders", () => {
  it('is named by the installed PGlite, and a folder without a cluster starts from it, a folder with one never', async () => {
    const folder = join(root, 'data');
    // Before the build: nothing to load, the start runs initdb as PGlite does.
    expect(await emptyClusterOptions(folder, root)).toEqual({});
    const file = await writeEmptyCluster(root);
    expect(file).toMatch(/\/dist\/pglite-0\.0\.0-test-[0-9a-f]{16}\.tar$/);
    expect(emptyClusterFile(root)).toBe(file);
    const written = (await stat(file!)).mtimeMs;
    // Made once: a second build keeps it.
    await writeEmptyCluster(root);
    expect((await stat(file!)).mtimeMs).toBe(written);

    const options = await emptyClusterOptions(folder, root);
    expect(options.loadDataDir).toBeInstanceOf(Blob);
    const client = await PGlite.create(folder, options);
    // Every migration is in it: the start's migration step applies nothing.
    expect(await migrate(drizzle({ client }) as unknown as Db, join(root, 'drizzle'))).toEqual([]);
    await client.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7);');
    await client.close();
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);

    // Opened again, the folder's own cluster is used (loading a tar over it would be refused or lose its data).
    expect(await emptyClusterOptions(folder, root)).toEqual({});
    const reopened = await PGlite.create(folder);
    expect((await reopened.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
    await reopened.close();
  }, 60_000);

  it('is not loaded by another PGlite version or with other migrations, nor named when the version cannot be read', async () => {
    const made = emptyClusterFile(root);
    await installPglite('0.0.1-test');
    expect(emptyClusterFile(root)).toMatch(/pglite-0\.0\.1-test-[0-9a-f]{16}\.tar$/);
    expect(await emptyClusterOptions(join(root, 'other'), root)).toEqual({});
    await installPglite('0.0.0-test');
    expect(emptyClusterFile(root)).toBe(made);
    // A migration added since the build: the tar lacks it, so it is not the new folder's start.
    await writeFile(join(root, 'drizzle', '9999_later.sql'), 'SELECT 1;');
    expect(emptyClusterFile(root)).not.toBe(made);
    expect(await emptyClusterOptions(join(root, 'other'), root)).toEqual({});
    await rm(join(root, 'drizzle', '9999_later.sql'));
    await installPglite('../../escape');
    expect(emptyClusterFile(root)).toBeNull();
    await installPglite('0.0.0-test');
  });

  it('a new tar replaces the one before it: older versions are never loaded again', async () => {
    const before = emptyClusterFile(root)!;
    expect(existsSync(before)).toBe(true);
    await writeFile(join(root, 'dist', 'main.mjs'), '// the server');
    await installPglite('0.0.2-test');
    const after = await writeEmptyCluster(root);
    expect(after).toMatch(/pglite-0\.0\.2-test-[0-9a-f]{16}\.tar$/);
    expect(await readdir(join(root, 'dist'))).toEqual(['main.mjs', basename(after!)]);
    await installPglite('0.0.0-test');
  }, 60_000);
});

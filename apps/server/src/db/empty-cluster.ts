import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from './database.ts';
import { migrate } from './migrate.ts';

/**
 * PGlite's `initdb` runs in WebAssembly on every new data folder, and the migrations after it: about 4.4 s and
 * 1.2 s of a fresh demo start on this machine, the same work each time (PostgreSQL's own catalogues and
 * Corridor's empty tables, no data). The server's build (`scripts/build.mjs`) does both once and keeps the result,
 * an empty migrated cluster, as a tar in `dist/`; a start on a folder without a cluster loads that tar instead,
 * as PGlite's own pre-populated file system does, and its migration step then finds every file applied. The name
 * carries PGlite's version and a digest of the migration files: a tar is only loaded by the PGlite that made it
 * with the migrations it holds; after an upgrade or a new migration the start falls back to `initdb` and the
 * migrations until the next build makes the new tar.
 */
export function emptyClusterFile(serverRoot: string): string | null {
  try {
    const { version } = JSON.parse(readFileSync(join(serverRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !/^[\w.-]+$/.test(version)) return null;
    return join(serverRoot, 'dist', `pglite-${version}-${migrationsDigest(join(serverRoot, 'drizzle'))}.tar`);
  } catch {
    return null;
  }
}

/** The migration files' names and contents, digested: any file added or changed names another tar. */
function migrationsDigest(migrationsDir: string): string {
  const hash = createHash('sha256');
  // The journal (which files, in which order) and the files; drizzle-kit's schema snapshots beside it are not run.
  const files = [
    'meta/_journal.json',
    ...readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .sort(),
  ];
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(migrationsDir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** PGlite's options for opening `dataDir`: the empty migrated cluster to load when the folder holds none yet and one was built. */
export async function emptyClusterOptions(dataDir: string, serverRoot: string): Promise<{ loadDataDir?: Blob }> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return {};
  const file = emptyClusterFile(serverRoot);
  if (file === null) return {};
  try {
    return { loadDataDir: new Blob([await readFile(file)]) };
  } catch {
    // Not built, or replaced by a build since the name was read: only a head start, so the folder runs initdb.
    return {};
  }
}

/**
 * Writes the empty cluster for the installed PGlite unless it is there (run by the build, never by a start).
 * Written to a temporary name and renamed: two builds at once never leave half a tar for a start to load.
 */
export async function writeEmptyCluster(serverRoot: string): Promise<string | null> {
  const file = emptyClusterFile(serverRoot);
  if (file === null || existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }) as unknown as Db, join(serverRoot, 'drizzle'));
    const tar = await client.dumpDataDir('none');
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, Buffer.from(await tar.arrayBuffer()));
    await rename(temporary, file);
  } finally {
    await client.close();
  }
  // The tars of older PGlite versions or migrations are never loaded again: 40 MB each, not kept.
  const folder = dirname(file);
  for (const other of await readdir(folder)) {
    if (/^pglite-.+\.tar$/.test(other) && join(folder, other) !== file) await rm(join(folder, other), { force: true });
  }
  return file;
}

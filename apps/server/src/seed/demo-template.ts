import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, SERVER_ROOT } from '../config.ts';
import type { Db } from '../db/database.ts';
import { emptyClusterFile } from '../db/empty-cluster.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { FileStorage } from '../lib/file-storage.ts';
import { seedDemoData } from './seed.ts';

/**
 * The demo's data, seeded once by the build and copied into each new demo data folder.
 *
 * A fresh demo folder used to seed ~700 vouchers, ~150 wallets and their history through the ledger on start:
 * about 5.5 s of PGlite statements before the first answer (`bench/start.bench.ts`, docs/performance.md). The
 * build (`scripts/build.mjs`) now runs that same seed once into a folder of its own (the cluster in `pgdata/`,
 * the documents in `files/`), and a demo start on a folder without a cluster copies it in (a file copy, ~0.2 s)
 * and opens it as an existing folder. The seed's rows are the same; only their clock is the build's: the demo's
 * history ends when the template was made, as in a demo that was started then and restarted now. What moves
 * with the clock catches up at start as on any restart (the rate feed ticks at once, the desk sets its sheet
 * for the day, credit lines start and lapse), and a template older than TEMPLATE_MAX_AGE_MS is not used: the
 * start seeds afresh, as before.
 *
 * The template's name digests the bundle that made it (the seed and everything it runs) with the empty
 * cluster's name (PGlite's version, the migrations), so a start only copies data made by the code it runs.
 * Only the bundled server uses it: under tsx the sources may be newer than the last build.
 */

/** Older than this, a template is not copied: the start seeds the demo afresh. */
export const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The build makes a new template once the one it finds is this old, so a daily `start` keeps one usable. */
export const TEMPLATE_REMAKE_AGE_MS = 12 * 60 * 60 * 1000;
const MADE_AT = 'made-at';
const WRITER = 'demo-template.mjs';

/** The template folder for this build, or null when there is no bundle to digest (not built, or run under tsx). */
export function demoTemplateDir(serverRoot: string): string | null {
  const cluster = emptyClusterFile(serverRoot);
  if (cluster === null) return null;
  try {
    const digest = createHash('sha256')
      .update(readFileSync(join(serverRoot, 'dist', WRITER)))
      .update('\0')
      .update(basename(cluster))
      .digest('hex')
      .slice(0, 16);
    return join(serverRoot, 'dist', `demo-${digest}`);
  } catch {
    return null;
  }
}

/** When the template in `dir` was made, or null when there is none (or it was left half written). */
function madeAt(dir: string): Date | null {
  try {
    const at = new Date(readFileSync(join(dir, MADE_AT), 'utf8').trim());
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

/**
 * Copies the demo template into a new demo data folder (`dataDir` without a cluster) and its documents into
 * `filesDir`. Answers when the copied data was made, or null when nothing was copied (the folder already holds
 * a cluster, no usable template): the start then goes on as before. Run on the locked folder (`openDatabase`'s
 * `prepareFolder`), so a second server never copies into a folder the first is opening. The cluster's
 * `PG_VERSION` is copied last, so a start cut short mid-copy leaves a folder without a cluster, which the next
 * start copies into again.
 */
export function copyDemoTemplate(dir: string | null, dataDir: string, filesDir: string, now: Date): Date | null {
  if (dir === null || existsSync(join(dataDir, 'PG_VERSION'))) return null;
  const made = madeAt(dir);
  if (made === null || now.getTime() - made.getTime() > TEMPLATE_MAX_AGE_MS || made.getTime() > now.getTime()) return null;
  const cluster = join(dir, 'pgdata');
  // What the folder held before (the demo's signing secret): a copy that fails is taken out again, and only that.
  const before = new Set(existsSync(dataDir) ? readdirSync(dataDir) : []);
  try {
    cpSync(cluster, dataDir, { recursive: true, force: true, filter: (source) => source !== join(cluster, 'PG_VERSION') });
    // Documents a folder already holds are kept: only the template's own are added.
    if (existsSync(join(dir, 'files'))) cpSync(join(dir, 'files'), filesDir, { recursive: true, force: false });
    cpSync(join(cluster, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  } catch {
    // Replaced by a build while copying, say: the start seeds the folder itself, as without a template.
    for (const entry of readdirSync(dataDir)) if (!before.has(entry)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    return null;
  }
  return made;
}

/** The template for the bundled server that runs this, when it is one (never under tsx: see above). */
export function bundledDemoTemplateDir(): string | null {
  return basename(dirname(fileURLToPath(import.meta.url))) === 'dist' ? demoTemplateDir(SERVER_ROOT) : null;
}

/**
 * Makes the demo template for this build unless a recent one is there (run by the build, never by a start):
 * the seed runs into a temporary folder, renamed into place when whole, so two builds at once never leave half a
 * template for a start to copy. `seed` is the demo's own unless a test gives a smaller one.
 */
export async function writeDemoTemplate(
  serverRoot: string,
  seed: (db: Db, storage: FileStorage) => Promise<unknown> = seedDemoData,
  now: Date = new Date(),
): Promise<string | null> {
  const dir = demoTemplateDir(serverRoot);
  if (dir === null) return null;
  const made = madeAt(dir);
  if (made !== null && now.getTime() - made.getTime() < TEMPLATE_REMAKE_AGE_MS && made.getTime() <= now.getTime()) return dir;
  const temporary = `${dir}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: join(temporary, 'pgdata'), databaseUrl: null });
  try {
    await migrate(database.db, MIGRATIONS_DIR);
    await seed(database.db, new FileStorage(join(temporary, 'files')));
  } finally {
    await database.close();
  }
  writeFileSync(join(temporary, MADE_AT), `${now.toISOString()}\n`);
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(temporary, dir);
  } catch (error) {
    // Another build renamed its template into place first: the same code made it, so it is kept.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(join(dir, MADE_AT))) throw error;
  }
  // Templates of other builds are never copied again (the folder's name digests the code that made it).
  const folder = dirname(dir);
  for (const other of readdirSync(folder)) {
    const path = join(folder, other);
    if (/^demo-[0-9a-f]{16}$/.test(other) && path !== dir && statSync(path).isDirectory()) rmSync(path, { recursive: true, force: true });
  }
  return dir;
}

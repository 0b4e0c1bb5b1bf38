import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../config.ts';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { copyDemoTemplate, demoTemplateDir, TEMPLATE_MAX_AGE_MS, TEMPLATE_REMAKE_AGE_MS, writeDemoTemplate } from './demo-template.ts';

// A server folder of the test's own (its PGlite "installed" at a version of its own, the server's migrations, a
// built writer in dist/), and a seed far smaller than the demo's: one organisation and one stored document.
let root: string;
let seeds = 0;
async function seed(db: Db, storage: FileStorage): Promise<void> {
  seeds += 1;
  await db
    .insert(organisations)
    .values({ id: `org-${seeds}`, type: 'MERCHANT', code: `SEEDED${seeds}`, name: 'Seeded Ltd', countryCode: 'AE', currencyCodes: ['AED'] });
  await mkdir(storage.dir, { recursive: true });
  await writeFile(join(storage.dir, 'document-1'), 'the seeded document');
}
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'corridor-template-'));
  await mkdir(join(root, 'dist'));
  await cp(MIGRATIONS_DIR, join(root, 'drizzle'), { recursive: true });
  await mkdir(join(root, 'node_modules', '@electric-sql', 'pglite'), { recursive: true });
  await writeFile(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), JSON.stringify({ version: '0.0.0-test' }));
  await writeFile(join(root, 'dist', 'demo-template.mjs'), '// the writer, version 1');
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe('the demo template: the demo seeded once by the build, copied into new demo folders', () => {
  it('is named by the code that made it; none before the build', async () => {
    const dir = demoTemplateDir(root);
    expect(dir).toMatch(/\/dist\/demo-[0-9a-f]{16}$/);
    // Another writer (the seed changed) or no writer at all: another name, or none.
    await writeFile(join(root, 'dist', 'demo-template.mjs'), '// the writer, version 2');
    expect(demoTemplateDir(root)).not.toBe(dir);
    await writeFile(join(root, 'dist', 'demo-template.mjs'), '// the writer, version 1');
    expect(demoTemplateDir(root)).toBe(dir);
    expect(demoTemplateDir(join(root, 'nowhere'))).toBeNull();
    expect(copyDemoTemplate(dir, join(root, 'early'), join(root, 'early-files'), at('2026-12-04T12:00:00Z'))).toBeNull();
    expect(existsSync(join(root, 'early'))).toBe(false);
  });

  it('a new folder gets the seeded cluster and its documents; the start then opens a cluster holding the seed', async () => {
    const made = at('2026-12-04T08:00:00Z');
    const dir = await writeDemoTemplate(root, seed, made);
    expect(dir).toBe(demoTemplateDir(root));
    expect(seeds).toBe(1);
    // The build again within half a day keeps it (no second seed).
    expect(await writeDemoTemplate(root, seed, new Date(made.getTime() + TEMPLATE_REMAKE_AGE_MS - 1))).toBe(dir);
    expect(seeds).toBe(1);

    const dataDir = join(root, 'data', 'pglite');
    const filesDir = join(root, 'data', 'files');
    await mkdir(dataDir, { recursive: true });
    // The demo's signing secret, written before the database opens, is kept.
    await writeFile(join(dataDir, 'jwt-secret'), 'secret');
    expect(copyDemoTemplate(dir, dataDir, filesDir, at('2026-12-04T09:00:00Z'))).toEqual(made);
    expect(await readFile(join(dataDir, 'jwt-secret'), 'utf8')).toBe('secret');
    expect(await readFile(join(filesDir, 'document-1'), 'utf8')).toBe('the seeded document');
    const client = await PGlite.create(dataDir);
    expect((await client.query<{ code: string }>('SELECT code FROM organisations')).rows).toEqual([{ code: 'SEEDED1' }]);
    await client.exec("UPDATE organisations SET name = 'Renamed after the start'");
    await client.close();

    // A folder with a cluster is never copied over: its data stays.
    expect(copyDemoTemplate(dir, dataDir, filesDir, at('2026-12-04T09:30:00Z'))).toBeNull();
    const reopened = await PGlite.create(dataDir);
    expect((await reopened.query<{ name: string }>('SELECT name FROM organisations')).rows).toEqual([{ name: 'Renamed after the start' }]);
    await reopened.close();
  }, 60_000);

  it('a copy that fails midway is taken out again, leaving only what the folder held: the start then seeds it', async () => {
    // The template of the test before (made at 08:00): kept, not seeded again.
    const dir = await writeDemoTemplate(root, seed, at('2026-12-04T09:00:00Z'));
    expect(seeds).toBe(1);
    const dataDir = join(root, 'cut', 'pglite');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'jwt-secret'), 'secret');
    // The documents' folder is a file here: the cluster is copied, then the documents' copy fails.
    const notAFolder = join(root, 'cut', 'files');
    await writeFile(notAFolder, 'in the way');
    expect(copyDemoTemplate(dir, dataDir, notAFolder, at('2026-12-04T09:00:00Z'))).toBeNull();
    expect(await readdir(dataDir)).toEqual(['jwt-secret']);
    expect(await readFile(notAFolder, 'utf8')).toBe('in the way');
  });

  it('older than a day (or made in the future), it is not copied: the start seeds as before; the build makes a new one after half a day', async () => {
    const dir = demoTemplateDir(root);
    const made = at('2026-12-04T08:00:00Z');
    expect(copyDemoTemplate(dir, join(root, 'late'), join(root, 'late-files'), new Date(made.getTime() + TEMPLATE_MAX_AGE_MS + 1))).toBeNull();
    expect(copyDemoTemplate(dir, join(root, 'early'), join(root, 'early-files'), new Date(made.getTime() - HOUR))).toBeNull();
    expect(existsSync(join(root, 'late', 'PG_VERSION'))).toBe(false);
    expect(copyDemoTemplate(dir, join(root, 'in-time'), join(root, 'in-time-files'), new Date(made.getTime() + TEMPLATE_MAX_AGE_MS))).toEqual(made);

    const remade = new Date(made.getTime() + TEMPLATE_REMAKE_AGE_MS);
    expect(await writeDemoTemplate(root, seed, remade)).toBe(dir);
    expect(seeds).toBe(2);
    expect(copyDemoTemplate(dir, join(root, 'next'), join(root, 'next-files'), new Date(remade.getTime() + HOUR))).toEqual(remade);
  }, 60_000);

  it("another build's template replaces this one: a start never copies data made by other code", async () => {
    const before = demoTemplateDir(root)!;
    await writeFile(join(root, 'dist', 'demo-template.mjs'), '// the writer, version 3');
    const after = await writeDemoTemplate(root, seed, at('2026-12-04T10:00:00Z'));
    expect(after).not.toBe(before);
    expect((await readdir(join(root, 'dist'))).filter((name) => name.startsWith('demo-'))).toEqual([basename(after!), 'demo-template.mjs']);
  }, 60_000);
});

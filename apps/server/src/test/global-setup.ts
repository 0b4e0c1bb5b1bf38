import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openMemoryPglite, openPostgres } from '../db/open.ts';
import { seedDemoData } from '../seed/seed.ts';
import { FileStorage } from '../lib/file-storage.ts';
import { TEMPLATE_DATABASE, withDatabase } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the dumped template data folder. */
    pgliteTemplate: string;
    /** PostgreSQL: URL of the server (TEST_DATABASE_URL), when the suite runs there. */
    postgresUrl: string;
    /** Files folder the template's seeded files were written to; test servers store uploads there too. */
    filesDir: string;
  }
}

/** Builds the migrated and seeded template once; each test file clones it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
  project.provide('postgresUrl', postgresUrl);
  // Uploads are named by UUID, so every test file can share the template's files folder.
  const folder = await mkdtemp(join(tmpdir(), 'corridor-test-'));
  const storage = new FileStorage(join(folder, 'files'));
  project.provide('filesDir', storage.dir);
  if (postgresUrl !== '') {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const template = openPostgres(withDatabase(postgresUrl, TEMPLATE_DATABASE));
    await migrate(template.db, MIGRATIONS_DIR);
    await seedDemoData(template.db, storage);
    await template.close();
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
      await admin.end();
      await rm(folder, { recursive: true, force: true });
    };
  }
  const database = await openMemoryPglite();
  await migrate(database.db, MIGRATIONS_DIR);
  await seedDemoData(database.db, storage);
  const dump = await database.client.dumpDataDir('none');
  const path = join(folder, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', path);
  return async () => rm(folder, { recursive: true, force: true });
}

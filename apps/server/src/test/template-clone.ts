import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { inject } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from './postgres-url.ts';

/** A PostgreSQL database of a test file's own, cloned from the migrated and seeded template. */
export interface TemplateClone {
  name: string;
  /** The clone on the suite's PostgreSQL server. */
  url: string;
  /** Drops the clone; `force` ends connections still open to it (a pooler's, a killed process's). */
  drop: (options?: { force?: boolean }) => Promise<void>;
}

/** Clones the test template under `prefix` and a fresh suffix, on the PostgreSQL server of the suite. */
export async function cloneTemplate(prefix = 'test'): Promise<TemplateClone> {
  const postgresUrl = inject('postgresUrl');
  const name = `${prefix}_${uuidv7().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  return {
    name,
    url: withDatabase(postgresUrl, name),
    drop: async (options) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}${options?.force ? ' WITH (FORCE)' : ''}`);
      await admin.end();
    },
  };
}

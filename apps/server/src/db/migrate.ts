import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './database.ts';

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

/**
 * Applies the drizzle-kit SQL files in journal order, each once, recorded in `corridor_migrations`.
 * Our own runner (not drizzle's per-driver migrators) so both drivers share one code path, and an
 * advisory lock keeps two servers starting on one PostgreSQL from applying a file twice.
 */
export async function migrate(db: Db, migrationsDir: string): Promise<string[]> {
  const journal = JSON.parse(await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS corridor_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  // Every start but the first finds every file applied: one read says so, instead of a locked transaction per
  // file (39 of them: ~0.4 s of the embedded database's start). Tags are only ever added, so "all applied" read
  // outside the lock stays true; anything missing goes the locked way below.
  const recorded = new Set(rowsOf<{ tag: string }>(await db.execute(sql`SELECT tag FROM corridor_migrations`)).map((row) => row.tag));
  if (entries.every((entry) => recorded.has(entry.tag))) return [];
  const applied: string[] = [];
  for (const entry of entries) {
    const text = await readFile(join(migrationsDir, `${entry.tag}.sql`), 'utf8');
    const statements = text
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const didApply = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7240311)`);
      const done = rowsOf<{ tag: string }>(await tx.execute(sql`SELECT tag FROM corridor_migrations WHERE tag = ${entry.tag}`));
      if (done.length > 0) return false;
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO corridor_migrations (tag) VALUES (${entry.tag})`);
      return true;
    });
    if (didApply) applied.push(entry.tag);
  }
  return applied;
}

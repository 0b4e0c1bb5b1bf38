import type { Database } from '../db/database.ts';

type PlanClient = { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> };

/**
 * PostgreSQL's plan of a statement as it ran (its text and bound values), one line per node: a test asserts which
 * indexes a read uses. Asked of the database's own client (node-postgres' pool or PGlite), which both answer EXPLAIN.
 */
export async function planOf(database: Database, text: string, values: unknown[]): Promise<string> {
  const client = (database.db as unknown as { $client: PlanClient }).$client;
  const { rows } = await client.query(`explain ${text}`, values);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

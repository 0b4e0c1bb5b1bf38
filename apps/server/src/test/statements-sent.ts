import pg from 'pg';
import { vi } from 'vitest';

/**
 * The text of every statement `step` sends over the wire through node-postgres (PostgreSQL-only tests), with
 * what `step` answers: a statement count is what a call costs the database and the server, whatever the load.
 */
export async function statementsSent<T>(step: () => Promise<T>): Promise<{ sent: string[]; values: unknown[][]; result: T }> {
  const sent: string[] = [];
  // Each statement's bound values, in the order sent (to explain a statement as it ran).
  const values: unknown[][] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    sent.push(typeof first === 'string' ? first : (first.text ?? ''));
    // Drizzle hands the values beside the query's config, others inside it.
    values.push(Array.isArray(args[1]) ? (args[1] as unknown[]) : typeof first === 'string' ? [] : (first.values ?? []));
    return original.apply(this, args) as never;
  } as never);
  try {
    return { sent, values, result: await step() };
  } finally {
    spy.mockRestore();
  }
}

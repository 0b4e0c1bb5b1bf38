import pg from 'pg';
import { vi } from 'vitest';
import type { Pipelining } from '../db/prepared.ts';

/**
 * The text of every statement `step` sends over the wire through node-postgres (PostgreSQL-only tests), with
 * what `step` answers: a statement count is what a call costs the database and the server, whatever the load.
 * A transaction's `begin` and `commit` count as statements wherever they go; `trips` counts the writes that
 * wait for their answer (a `begin` sent with the statement after it, or a `commit` with the one before, is
 * one trip with it).
 */
export async function statementsSent<T>(step: () => Promise<T>): Promise<{ sent: string[]; values: unknown[][]; trips: number; result: T }> {
  const sent: string[] = [];
  // Each statement's bound values, in the order sent (to explain a statement as it ran).
  const values: unknown[][] = [];
  let trips = 0;
  const original = pg.Query.prototype.submit as (connection: Pipelining) => unknown;
  const spy = vi.spyOn(pg.Query.prototype, 'submit').mockImplementation(function (
    this: pg.Query & { text?: string; values?: unknown[]; rows?: number },
    connection: Pipelining,
  ) {
    trips += 1;
    const withCommit = connection.commitPending === true && !this.rows;
    if (connection.beginPending === true) {
      sent.push('begin');
      values.push([]);
    }
    sent.push(this.text ?? '');
    values.push(this.values ?? []);
    if (withCommit) {
      sent.push('commit');
      values.push([]);
    }
    return original.call(this, connection) as never;
  } as never);
  try {
    const result = await step();
    return { sent, values, trips, result };
  } finally {
    spy.mockRestore();
  }
}

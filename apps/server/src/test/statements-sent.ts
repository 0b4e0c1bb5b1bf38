import pg from 'pg';
import { vi } from 'vitest';

/**
 * The text of every statement `step` sends over the wire through node-postgres (PostgreSQL-only tests), with
 * what `step` answers: a statement count is what a call costs the database and the server, whatever the load.
 */
export async function statementsSent<T>(step: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    sent.push(typeof first === 'string' ? first : (first.text ?? ''));
    return original.apply(this, args) as never;
  } as never);
  try {
    return { sent, result: await step() };
  } finally {
    spy.mockRestore();
  }
}

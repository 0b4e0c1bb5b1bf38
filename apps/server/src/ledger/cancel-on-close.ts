import type { EventEmitter } from 'node:events';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/database.ts';

/** What the helper needs of a request: the socket its client is on (a Fastify request has it). */
export interface ClientConnection {
  raw: { socket: (EventEmitter & { destroyed?: boolean }) | null };
}

/**
 * Runs a read for a request on one PostgreSQL connection of its own and cancels the running query
 * (`pg_cancel_backend` on that connection's backend) when the client goes away, so an abandoned
 * statement does not keep the database busy. PGlite runs one query at a time in process: the read
 * simply runs there.
 */
export async function cancelledWhenGone<T>(db: Db, request: ClientConnection, read: (db: Db) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  const socket = request.raw.socket;
  if (!(pool instanceof pg.Pool) || !socket) return read(db);
  const client = await pool.connect();
  let running = true;
  const cancel = () => {
    if (!running) return;
    // A second connection asks the server to stop this one's statement; the read then fails with 57014.
    pool.query('select pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]).catch(() => undefined);
  };
  socket.once('close', cancel);
  try {
    if (socket.destroyed) throw new Error('The client went away before the read started');
    return await read(drizzle({ client }) as unknown as Db);
  } finally {
    running = false;
    socket.removeListener('close', cancel);
    client.release();
  }
}

import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable, type Tx } from './database.ts';
import { inTransaction } from './transaction.ts';

// A job queue is a table whose rows any server process of the database may claim: columns `id`, `status`,
// `claimed_by` and a heartbeat timestamp. Everything here is row locks held for one statement or one
// transaction and plain writes between them, never a session's state (advisory session locks, LISTEN, a
// connection kept across calls): behind PgBouncer in transaction pooling each transaction may run on
// another server connection, and a crashed process holds nothing that outlives its connection.

/** A table of jobs. */
export interface JobQueue {
  table: string;
  /** The status of a job a process holds. */
  claimedStatus: string;
  /** The timestamp column a claim sets and its beats keep fresh. */
  heartbeat: string;
}

/** One process's hold on one job: only it may beat and finish the job while it holds it. */
export interface Claim {
  queue: JobQueue;
  id: string;
  workerId: string;
}

export interface ClaimOptions {
  workerId: string;
  now: Date;
  /** The jobs waiting for a process (queued, due). */
  ready: SQL;
  /** Held jobs whose heartbeat is older than this are taken over: their process is taken to be gone. */
  staleBefore?: Date;
  /** Which of the jobs first. */
  order: SQL;
  limit?: number;
  /** More columns the claim sets in the same statement. */
  set?: SQL;
}

const held = (claim: Claim) => sql`id = ${claim.id} and claimed_by = ${claim.workerId} and status = ${claim.queue.claimedStatus}`;

/**
 * Claims up to `limit` jobs in one statement with FOR UPDATE SKIP LOCKED: processes that claim at once
 * take different rows and never wait on each other, and no job is handed to two of them. Answers the rows
 * as they are after the claim.
 */
export async function claimJobs<T>(db: Queryable, queue: JobQueue, options: ClaimOptions): Promise<T[]> {
  const table = sql.identifier(queue.table);
  const heartbeat = sql.identifier(queue.heartbeat);
  const stale = options.staleBefore ? sql` or (status = ${queue.claimedStatus} and ${heartbeat} < ${options.staleBefore.toISOString()}::timestamptz)` : sql``;
  const more = options.set ? sql`, ${options.set}` : sql``;
  return rowsOf<T>(
    await db.execute(sql`update ${table} set status = ${queue.claimedStatus}, claimed_by = ${options.workerId},
        ${heartbeat} = ${options.now.toISOString()}::timestamptz${more}
      where id in (select id from ${table} where (${options.ready})${stale}
        order by ${options.order} limit ${options.limit ?? 1} for update skip locked)
      returning *`),
  );
}

/** Refreshes a held job's heartbeat (and `set`); answers false when the claim no longer holds it. */
export async function beatClaim(db: Queryable, claim: Claim, at: Date, set?: SQL): Promise<boolean> {
  const more = set ? sql`, ${set}` : sql``;
  const updated = rowsOf<{ id: string }>(
    await db.execute(sql`update ${sql.identifier(claim.queue.table)} set ${sql.identifier(claim.queue.heartbeat)} = ${at.toISOString()}::timestamptz${more}
      where ${held(claim)} returning id`),
  );
  return updated.length > 0;
}

/** A held job's heartbeat on a clock; `lost` turns true once a beat finds the job no longer held. */
export interface KeepAlive {
  readonly lost: boolean;
  stop(): void;
}

/**
 * Beats every `everyMs` while the process works, so a job whose work waits (on the database, on a slow first
 * row) is never taken for dead. A beat the database did not take is tried again at the next tick.
 */
export function keepAlive(db: Queryable, claim: Claim, everyMs: number, now: () => Date): KeepAlive {
  const state = { lost: false };
  const timer = setInterval(() => {
    beatClaim(db, claim, now())
      .then((holds) => {
        if (!holds) state.lost = true;
      })
      .catch(() => undefined);
  }, everyMs);
  timer.unref();
  return {
    get lost() {
      return state.lost;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Ends a held job with `set` (its final status and what goes with it), once: only while the claim still
 * holds it. With a function, the job is locked first and the function's writes commit with the end, or
 * not at all. Answers whether this claim ended it; false means another process holds it now.
 */
export async function finishClaim(db: Queryable, claim: Claim, set: SQL | ((tx: Tx) => Promise<SQL>)): Promise<boolean> {
  const table = sql.identifier(claim.queue.table);
  if (typeof set !== 'function') {
    return rowsOf<{ id: string }>(await db.execute(sql`update ${table} set ${set} where ${held(claim)} returning id`)).length > 0;
  }
  return inTransaction(db, async (tx) => {
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`select id from ${table} where ${held(claim)} for update`));
    if (!row) return false;
    const final = await set(tx);
    await tx.execute(sql`update ${table} set ${final} where id = ${claim.id}`);
    return true;
  });
}

/**
 * The loop of a process's queue worker: a round at a time, the next at once when the round found more
 * waiting, else after the poll interval; a round that fails is reported and the loop goes on. Stops
 * with the app, after the round under way.
 */
export abstract class JobPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  /** One round; answers whether more is waiting. */
  protected abstract round(): Promise<boolean>;
  protected abstract pollMs(): number;
  protected abstract roundFailed(error: unknown): void;

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.next().finally(() => {
        this.running = null;
      });
    }, ms);
    this.timer.unref();
  }

  private async next(): Promise<void> {
    let more = false;
    try {
      more = await this.round();
    } catch (error) {
      this.roundFailed(error);
    }
    this.schedule(more ? 0 : this.pollMs());
  }
}

import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/database.ts';

/**
 * Claims this interval's run of a scheduled job for the calling process, or answers false when another
 * process (or this one) already ran it less than `everyMs` ago. One statement: the conditional upsert
 * locks the job's row, so of two processes claiming at once exactly one gets it. The time is the
 * database's, so the processes' clocks need not agree. A run that fails after its claim is not retried
 * before the next interval, as a missed timer tick would not be.
 */
export async function claimJobRun(db: Queryable, job: string, everyMs: number, runBy: string): Promise<boolean> {
  // Timers drift by a few milliseconds: a run due "now" may fire slightly early, so a tenth of the
  // interval is tolerated rather than skipping a whole interval.
  const minGapMs = Math.floor(everyMs * 0.9);
  const rows = rowsOf<{ job: string }>(
    await db.execute(sql`
      INSERT INTO job_runs (job, last_run_at, run_by) VALUES (${job}, clock_timestamp(), ${runBy})
      ON CONFLICT (job) DO UPDATE SET last_run_at = excluded.last_run_at, run_by = excluded.run_by
        WHERE job_runs.last_run_at <= clock_timestamp() - make_interval(secs => ${minGapMs}::double precision / 1000)
      RETURNING job`),
  );
  return rows.length > 0;
}

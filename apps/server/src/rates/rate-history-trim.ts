import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** How long every rate stays in the history: a week of ticks answers "what was the rate on Tuesday". */
const RATE_HISTORY_KEEP_DAYS = 7;
/** Rows deleted per statement, so a first trim of a long history never holds one long transaction. */
const BATCH = 5_000;
/** The advisory lock of the trim: two server processes on one database never trim at once. */
const TRIM_LOCK = 7_240_317;

const ISO_MS = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * Deletes rate history older than the window, except what must stay: the IBR row every stored quote
 * priced on (found by the quote's deal and the IBR time it keeps), and the latest row of each deal and
 * of each provider's pair (a server starting after a quiet week still knows each rate's time). Runs
 * under a transaction-scoped advisory lock; a process that does not get it leaves the trim to the
 * one that has it and answers null.
 */
export async function trimRateHistory(db: Db, now: Date, keepDays = RATE_HISTORY_KEEP_DAYS): Promise<number | null> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${TRIM_LOCK}) AS locked`)) as unknown as { rows: Array<{ locked: boolean }> };
      if (locked.rows[0]?.locked !== true) return null;
      const result = (await tx.execute(sql`
        DELETE FROM rate_history h
        WHERE h.id IN (
          SELECT o.id FROM rate_history o
          WHERE o.as_of < ${before}
            AND NOT EXISTS (
              SELECT 1 FROM quotes q
              WHERE o.rate_type = 'IBR'
                AND q.currency_deal_config_id = o.currency_deal_config_id
                AND q.rates ->> 'ibrAt' = to_char(o.as_of AT TIME ZONE 'UTC', ${ISO_MS})
            )
            AND EXISTS (
              SELECT 1 FROM rate_history n
              WHERE n.rate_type = o.rate_type
                AND n.rate_provider_id = o.rate_provider_id
                AND n.source_currency = o.source_currency
                AND n.target_currency = o.target_currency
                AND n.currency_deal_config_id IS NOT DISTINCT FROM o.currency_deal_config_id
                AND n.as_of > o.as_of
            )
          LIMIT ${BATCH}
        )`)) as unknown as { rowCount?: number | null; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    });
    if (batch === null) return deleted === 0 ? null : deleted;
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
}

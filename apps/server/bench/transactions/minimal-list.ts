import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../src/db/database.ts';
import { organisations, wallets } from '../../src/db/schema.ts';
import { minimalCaller } from '../ledger/bench-server.ts';

/** The demo's Globex and its active USD and AED wallets at one TSP (that TSP's id with them), which the transaction benches move and list. */
export async function globexWallets(db: Db, bench: string) {
  const [globex] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX'));
  const own = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.merchantServiceId, globex?.id ?? ''), eq(wallets.status, 'ACTIVE')))
    .orderBy(asc(wallets.id));
  const usd = own.find((w) => w.currencyCode === 'USD');
  const aed = own.find((w) => w.currencyCode === 'AED' && w.serviceProviderId === usd?.serviceProviderId);
  if (!globex || !usd || !aed) throw new Error(`${bench}: no Globex USD and AED wallets at one TSP in the demo data`);
  return { globex, usd, aed, tspId: usd.serviceProviderId };
}

/** The first day of the benches' filtered list: completed transfers of the last 90 days. */
export const listFrom = (): string => new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);

/**
 * The minimal server's TSP transactions list (the transfer and list benches): the same filters as Corridor's
 * `statuses=COMPLETED&categories=TRANSFER&createdFromDate=<from>` in SQL, a page of 20 and the total as two named
 * statements side by side.
 */
export function minimalList(pool: pg.Pool, tspId: string, from: string) {
  return async (request: { headers: { authorization?: string | undefined } }) => {
    await minimalCaller(pool, request.headers.authorization);
    const where = `(service_provider_id = $1 or target_sp_id = $1) and category = any($2) and status = any($3) and created_at >= $4`;
    const values = [tspId, ['TRANSFER'], ['COMPLETED'], from];
    const [rows, total] = await Promise.all([
      pool.query({ name: 'list', text: `select * from transactions_v2 where ${where} order by created_at desc, id desc limit 20`, values }),
      pool.query({ name: 'count', text: `select count(*) from transactions_v2 where ${where}`, values }),
    ]);
    return { content: rows.rows, totalElements: Number((total.rows[0] as { count: string }).count) };
  };
}

type GlobexWallets = Awaited<ReturnType<typeof globexWallets>>;

/** `count` transactions of the TSP between Globex's two wallets, one every `every` back from now, their category and status SQL of `g`. */
async function insertTransactions(db: Db, w: GlobexWallets, count: number, rows: { prefix: string; category: SQL; status: SQL; every: string }) {
  await db.execute(sql`
    insert into transactions_v2 (id, transaction_id, category, type, status, source_approval_status, target_approval_status, merchant_id,
      service_provider_id, target_sp_id, source_wallet_id, target_wallet_id, source_amount, source_currency, target_amount, target_currency, created_at)
    select gen_random_uuid()::text, ${rows.prefix} || lpad(g::text, 12, '0'), ${rows.category}, 'FX_DEAL', ${rows.status}, 'APPROVED', 'APPROVED',
      ${w.globex.id}, ${w.tspId}, ${w.tspId}, ${w.usd.id}, ${w.aed.id}, (g % 5000) + 1, 'USD', ((g % 5000) + 1) * 3.6725, 'AED',
      now() - (g * ${rows.every}::interval)
    from generate_series(1, ${count}::int) g`);
}

/** Completed transfers of the TSP made a moment ago, one a millisecond apart: what a run of transfers leaves. */
export const insertRecentTransfers = (db: Db, w: GlobexWallets, count: number) =>
  insertTransactions(db, w, count, { prefix: 'TB', category: sql`'TRANSFER'`, status: sql`'COMPLETED'`, every: '1 millisecond' });

/**
 * The list's history: `count` transactions of the TSP over the past (one every 5 minutes), mixed categories and
 * statuses, then vacuumed as autovacuum leaves a table in steady state (its visibility map set), so counts can read
 * the index only.
 */
export async function insertListHistory(db: Db, w: GlobexWallets, count: number): Promise<void> {
  await insertTransactions(db, w, count, {
    prefix: 'TL',
    category: sql`(array['TOPUP','TRANSFER','TRANSFER','TOPUP_CREDIT'])[1 + g % 4]`,
    status: sql`(array['PENDING','PROCESSING','COMPLETED','COMPLETED','COMPLETED','REJECTED','CANCELLED'])[1 + g % 7]`,
    every: '5 minutes',
  });
  await db.execute(sql`vacuum analyze transactions_v2`);
}

/**
 * One connection, one post at a time: the CPU of a transfer's ten-line conversion voucher (the hold released, both
 * legs, the fees and the deal margin, on a USD and an AED wallet) posted by Corridor's `post` (the served rates read,
 * then its one statement), beside the minimal writes of the same rows in one transaction (both positions moved,
 * the voucher and its lines inserted, as `insertMinimalLines` writes them for the transfer bench). With no
 * concurrency, the figures are each statement's own work: Node and PostgreSQL CPU per post, and the wall time.
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/ledger/post-loop.bench.ts
 *
 * BENCH_POSTS per round (2,000), BENCH_ROUNDS (2).
 */
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { openPostgres } from '../../src/db/open.ts';
import { walletPositions, wallets } from '../../src/db/schema.ts';
import { post, type PostingLine } from '../../src/ledger/ledger-service.ts';
import { globexWallets } from '../transactions/minimal-list.ts';
import { insertMinimalLines, startBenchServer, withCpu, postgresUrlOrExit } from './bench-server.ts';

const adminUrl = postgresUrlOrExit('post loop bench');
const POSTS = Number(process.env.BENCH_POSTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const server = await startBenchServer(adminUrl, 'corridor_bench_post_loop');
const { usd, aed } = await globexWallets(server.db, 'post loop bench');
const source = uuidv7();
const target = uuidv7();
await server.db.insert(wallets).values({ ...usd, id: source, alias: 'Loop USD', ledgerCode: `LOOP-${source}`, walletAccountNumber: null });
await server.db.insert(wallets).values({ ...aed, id: target, alias: 'Loop AED', ledgerCode: `LOOP-${target}`, walletAccountNumber: null });
await server.db.insert(walletPositions).values([{ walletId: source, creditLimit: '1000000000' }, { walletId: target }]);
await server.app.close();

const line = (l: Pick<PostingLine, 'currency' | 'side' | 'amount' | 'description1'> & Partial<PostingLine>): PostingLine => ({
  accountCode: l.walletId ?? 'BENCH',
  accountName: 'Bench',
  ...l,
});
const lines: PostingLine[] = [
  line({ currency: 'USD', side: 'D', amount: '102.5', walletId: source, bucket: 'pendingAuthorization', description1: 'Hold released' }),
  line({ currency: 'USD', side: 'C', amount: '102.5', description1: 'Hold released' }),
  line({ currency: 'USD', side: 'D', amount: '100', walletId: source, bucket: 'balance', description1: 'Amount sent' }),
  line({ currency: 'USD', side: 'C', amount: '100', description1: 'Amount sent' }),
  line({ currency: 'AED', side: 'D', amount: '367.25', description1: 'Amount received' }),
  line({ currency: 'AED', side: 'C', amount: '367.25', walletId: target, bucket: 'balance', description1: 'Amount received' }),
  line({ currency: 'USD', side: 'D', amount: '2.5', walletId: source, bucket: 'balance', description1: 'Transfer fees' }),
  line({ currency: 'USD', side: 'C', amount: '2.5', description1: 'Transfer fees' }),
  line({ currency: 'AED', side: 'D', amount: '1.1', description1: 'Deal margin' }),
  line({ currency: 'AED', side: 'C', amount: '1.1', description1: 'Deal profit' }),
];

const corridorDb = openPostgres(server.url);
async function corridor(round: number): Promise<void> {
  for (let i = 0; i < POSTS; i++) await post(corridorDb.db, { category: 'TRANSACTION', transactionId: `C${round}-${i}`, lines }, new Date());
}

const pool = new pg.Pool({ connectionString: server.url, max: 1 });
const MOVE =
  'update wallet_positions set pending_authorization = pending_authorization - $2, balance = balance - $3, balance_lines = balance_lines + 2 where wallet_id = $1 returning balance';
const RECEIVE = 'update wallet_positions set balance = balance + $2, balance_lines = balance_lines + 1 where wallet_id = $1 returning balance';
async function minimal(round: number): Promise<void> {
  for (let i = 0; i < POSTS; i++) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const sent = await client.query({ name: 'move', text: MOVE, values: [source, '102.5', '102.5'] });
      const received = await client.query({ name: 'receive', text: RECEIVE, values: [target, '367.25'] });
      const balanceOf = (walletId: string) => String(((walletId === source ? sent : received).rows[0] as { balance: string }).balance);
      await insertMinimalLines(client, {
        category: 'TRANSACTION',
        transactionId: `M${round}-${i}`,
        total: '470.35',
        lines: lines.map((l) => ({
          account: l.accountCode,
          currency: l.currency,
          side: l.side,
          amount: l.amount,
          description: l.description1 ?? '',
          ...(l.walletId ? { walletId: l.walletId, bucket: l.bucket ?? 'balance', balanceAfter: balanceOf(l.walletId) } : {}),
        })),
      });
      await client.query('commit');
    } finally {
      client.release();
    }
  }
}

const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const [side, run] of [
    ['Corridor', corridor],
    ['minimal', minimal],
  ] as const) {
    const started = performance.now();
    const cpu = await withCpu(async () => {
      await run(round);
      return {};
    });
    const per = (ms: number) => Math.round((ms / POSTS) * 1000);
    rows.push({ round, side, 'wall µs': per(performance.now() - started), 'Node µs': per(cpu.serverCpuMs), 'PostgreSQL µs': per(cpu.postgresCpuMs) });
  }
}
console.log(`\nA ten-line conversion voucher on two wallets, one post at a time on one connection (PostgreSQL, Node ${process.version}), per post`);
console.table(rows);

await pool.end();
await corridorDb.close();
await server.close();

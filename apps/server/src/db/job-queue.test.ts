import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { rowsOf, type Db } from './database.ts';
import { beatClaim, claimJobs, finishClaim, JobPoller, keepAlive, type Claim, type JobQueue } from './job-queue.ts';

// The queue on a table of its own: what the export jobs and the payout outbox rely on, on PGlite and on
// PostgreSQL (where the concurrent claims really run on several connections at once).

let s: TestServer;
let db: Db;
const queue: JobQueue = { table: 'job_queue_probe', claimedStatus: 'RUNNING', heartbeat: 'beat_at' };
const t0 = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

interface Probe {
  id: string;
  status: string;
  claimed_by: string | null;
  beat_at: string | null;
  tries: number;
  note: string | null;
}

beforeAll(async () => {
  s = await startTestServer();
  db = s.services.db;
  await db.execute(sql`create table job_queue_probe (id text primary key, status text not null default 'QUEUED', claimed_by text,
    beat_at timestamptz, tries integer not null default 0, note text, created_at timestamptz not null)`);
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await db.execute(sql`delete from job_queue_probe`);
});

async function queued(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `job-${String(i).padStart(3, '0')}`);
  for (const [i, id] of ids.entries()) {
    await db.execute(sql`insert into job_queue_probe (id, created_at) values (${id}, ${at(i).toISOString()}::timestamptz)`);
  }
  return ids;
}

const claim = (workerId: string, now: Date, staleMs?: number, limit = 1) =>
  claimJobs<Probe>(db, queue, {
    workerId,
    now,
    ready: sql`status = 'QUEUED'`,
    ...(staleMs === undefined ? {} : { staleBefore: new Date(now.getTime() - staleMs) }),
    order: sql`created_at`,
    limit,
    set: sql`tries = tries + 1`,
  });

const row = async (id: string) => rowsOf<Probe>(await db.execute(sql`select * from job_queue_probe where id = ${id}`))[0];

describe('the job queue', () => {
  it('hands each job to one process however many claim at once, oldest first, with the columns the claim sets', async () => {
    const ids = await queued(40);
    const [first] = await claim('w-first', t0);
    expect(first).toMatchObject({ id: ids[0], status: 'RUNNING', claimed_by: 'w-first', tries: 1 });
    expect(new Date(first?.beat_at ?? '').toISOString()).toBe(t0.toISOString());
    const byWorker = new Map<string, string[]>();
    const drain = async (workerId: string) => {
      for (;;) {
        const got = await claim(workerId, t0, undefined, 3);
        if (got.length === 0) return;
        byWorker.set(workerId, [...(byWorker.get(workerId) ?? []), ...got.map((g) => g.id)]);
      }
    };
    await Promise.all(['w-1', 'w-2', 'w-3', 'w-4'].map(drain));
    const all = [...byWorker.values()].flat();
    expect(all.sort()).toEqual(ids.slice(1));
    const rows = rowsOf<Probe>(await db.execute(sql`select * from job_queue_probe order by id`));
    expect(rows.every((r) => r.status === 'RUNNING' && r.tries === 1)).toBe(true);
    for (const r of rows.slice(1)) expect(byWorker.get(r.claimed_by ?? '')).toContain(r.id);
  });

  it('takes over a job only once its heartbeat is stale; the old claim can then neither beat nor finish it, and it ends once', async () => {
    const [id] = await queued(1);
    const [mine] = await claim('w-old', t0, 60_000);
    expect(mine?.id).toBe(id);
    const old: Claim = { queue, id: id ?? '', workerId: 'w-old' };
    // Beating keeps it: at 50 s the heartbeat is 50 s old, then fresh again.
    expect(await claim('w-new', at(50_000), 60_000)).toEqual([]);
    expect(await beatClaim(db, old, at(50_000), sql`note = 'half way'`)).toBe(true);
    expect(await claim('w-new', at(100_000), 60_000)).toEqual([]);
    expect(await row(id ?? '')).toMatchObject({ note: 'half way', claimed_by: 'w-old' });
    // Silent past the limit: taken over, a second try.
    const [taken] = await claim('w-new', at(111_000), 60_000);
    expect(taken).toMatchObject({ id, claimed_by: 'w-new', tries: 2 });
    const fresh: Claim = { queue, id: id ?? '', workerId: 'w-new' };
    expect(await beatClaim(db, old, at(112_000))).toBe(false);
    expect(await finishClaim(db, old, sql`status = 'DONE', note = 'old'`)).toBe(false);
    let called = false;
    expect(
      await finishClaim(db, old, async () => {
        called = true;
        return sql`status = 'DONE'`;
      }),
    ).toBe(false);
    expect(called).toBe(false);
    expect(await finishClaim(db, fresh, sql`status = 'DONE', note = 'new'`)).toBe(true);
    expect(await finishClaim(db, fresh, sql`status = 'DONE', note = 'again'`)).toBe(false);
    expect(await row(id ?? '')).toMatchObject({ status: 'DONE', note: 'new', claimed_by: 'w-new' });
    // Ended jobs are not claimed again, stale or not.
    expect(await claim('w-late', at(999_000), 60_000)).toEqual([]);
  });

  it("finishes with the finisher's writes in the same transaction: a finisher that fails leaves the job held and nothing written", async () => {
    const [id] = await queued(1);
    await claim('w', t0);
    const held: Claim = { queue, id: id ?? '', workerId: 'w' };
    await expect(
      finishClaim(db, held, async (tx) => {
        await tx.execute(sql`update job_queue_probe set note = 'written' where id = ${id}`);
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await row(id ?? '')).toMatchObject({ status: 'RUNNING', note: null });
    expect(
      await finishClaim(db, held, async (tx) => {
        await tx.execute(sql`update job_queue_probe set note = 'written' where id = ${id}`);
        return sql`status = 'DONE'`;
      }),
    ).toBe(true);
    expect(await row(id ?? '')).toMatchObject({ status: 'DONE', note: 'written' });
  });

  it('keeps a held job alive on a clock, and says when another process has taken it', async () => {
    const [id] = await queued(1);
    await claim('w-a', t0);
    let clock = t0.getTime();
    const alive = keepAlive(db, { queue, id: id ?? '', workerId: 'w-a' }, 20, () => new Date((clock += 1_000)));
    try {
      await waitFor(async () => new Date((await row(id ?? ''))?.beat_at ?? 0).getTime() > t0.getTime());
      expect(alive.lost).toBe(false);
      await db.execute(sql`update job_queue_probe set claimed_by = 'w-b' where id = ${id}`);
      await waitFor(() => alive.lost);
    } finally {
      alive.stop();
    }
    const beat = (await row(id ?? ''))?.beat_at;
    await new Promise((r) => setTimeout(r, 80));
    expect((await row(id ?? ''))?.beat_at).toBe(beat);
  });
});

async function waitFor(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

class CountingPoller extends JobPoller {
  readonly rounds: number[] = [];
  readonly failures: string[] = [];
  constructor(private readonly plan: Array<boolean | Error>) {
    super();
  }
  protected async round(): Promise<boolean> {
    this.rounds.push(Date.now());
    const step = this.plan.shift() ?? false;
    if (step instanceof Error) throw step;
    return step;
  }
  protected pollMs(): number {
    return 150;
  }
  protected roundFailed(error: unknown): void {
    this.failures.push(error instanceof Error ? error.message : String(error));
  }
}

describe('the poller', () => {
  it('goes again at once while a round finds more, waits the poll interval otherwise, and outlives a failed round', async () => {
    const poller = new CountingPoller([true, true, new Error('database away'), false, false]);
    poller.start();
    await waitFor(() => poller.rounds.length >= 5);
    await poller.stop();
    const [r0, , r2, r3, r4] = poller.rounds as [number, number, number, number, number];
    expect(r2 - r0).toBeLessThan(100);
    expect(r3 - r2).toBeGreaterThanOrEqual(140);
    expect(r4 - r3).toBeGreaterThanOrEqual(140);
    expect(poller.failures).toEqual(['database away']);
    const after = poller.rounds.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(poller.rounds.length).toBe(after);
  });
});

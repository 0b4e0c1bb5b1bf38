import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { rowsOf, type Db } from '../db/database.ts';
import { beatClaim, claimJobs, finishClaim, JobPoller, keepAlive, type Claim, type JobQueue } from '../db/job-queue.ts';
import { files } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { scopeFormOf, scopes, type ScopeKind } from '../tenant/wallet-scope.ts';
import type { ExportFormat } from './formats/document.ts';
import { FORMAT_FILES, renderExport, type ExportSpec } from './export-render.ts';
import { exportAccounts, type ExportAccount } from './statement-source.ts';

/** Exports of at most this many lines are written while the caller waits; larger ones run as jobs. */
const SYNC_LINES = 20_000;
/** How long a ready export's file is kept. */
const EXPORT_TTL_MS = 7 * 86_400_000;
/**
 * A running job whose heartbeat is older than this is taken to have lost its process, and is claimed again.
 * @internal used by its tests
 */
export const STALE_MS = 60_000;

type JobStatus = 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';

export interface JobRow {
  id: string;
  owner_org_id: string | null;
  owner_user_id: string;
  scope_kind: ScopeKind | null;
  scope_id: string | null;
  kind: 'wallet' | 'transaction';
  format: ExportFormat;
  report_name: string;
  parameters: ExportSpec['filters'];
  status: JobStatus;
  lines_expected: number;
  lines_done: number;
  file_name: string | null;
  size: string | number | null;
  error: string | null;
  attempts: number;
  claimed_by: string | null;
  /** The storage key of the file the job's claim is writing, until it is stored as the job's file. */
  writing_key: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** A job as the contract answers it. */
export function jobAnswer(j: JobRow) {
  const { walletIds, merchantIds, currencies, categories, actions, mode, fromDate, toDate } = j.parameters;
  return {
    id: j.id,
    kind: j.kind === 'wallet' ? ('WALLET_STATEMENT' as const) : ('TRANSACTION_STATEMENT' as const),
    format: j.format,
    reportName: j.report_name,
    parameters: { walletIds, merchantIds, currencies, categories, actions, mode, fromDate, toDate },
    status: j.status,
    linesExpected: Number(j.lines_expected),
    linesDone: Number(j.lines_done),
    fileName: j.file_name,
    size: j.size === null ? null : Number(j.size),
    downloadUrl: `/v1/reports/exports/${j.id}/file`,
    error: j.error,
    createdAt: new Date(j.created_at).toISOString(),
    finishedAt: iso(j.finished_at),
    expiresAt: new Date(j.expires_at).toISOString(),
  };
}

/** The wallets named by a request must be the caller's: one outside the scope is refused naming the field, never exported empty. */
async function checkedAccounts(db: Db, scope: SQL | undefined, spec: ExportSpec): Promise<ExportAccount[]> {
  if (spec.filters.toDate < spec.filters.fromDate) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'toDate', message: 'must not be before fromDate' }]);
  }
  const accounts = await exportAccounts(db, scope, spec.filters);
  const foreign = spec.filters.walletIds?.find((id) => !accounts.some((a) => a.id === id));
  if (foreign !== undefined) throw foreignId('walletIds', 'wallet', foreign);
  return accounts;
}

/** Stores a rendered file as the owner's, in the files of `/files/{name}`. */
async function fileRow(
  db: Db,
  spec: ExportSpec,
  owner: { orgId: string | null; userId: string },
  stored: { key: string; size: number; sha256: string },
  now: Date,
) {
  const { ext, mime } = FORMAT_FILES[spec.format];
  const safeName = spec.reportName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'statement';
  const name = `${uuidv7()}.${ext}`;
  await db.insert(files).values({
    id: uuidv7(),
    name,
    originalName: `${safeName}-${spec.filters.fromDate}-${spec.filters.toDate}.${ext}`,
    category: spec.kind === 'wallet' ? 'WALLET_STATEMENT' : 'TRANSACTION_STATEMENT',
    forEntity: spec.reportName,
    mime,
    size: stored.size,
    storageKey: stored.key,
    sha256: stored.sha256,
    ownerOrgId: owner.orgId,
    ownerUserId: owner.userId,
    createdAt: now,
  });
  return name;
}

/** Queues an export job over `scope` for the owner; any server process of the database runs it. */
export async function queueExport(
  db: Db,
  scope: SQL | undefined,
  spec: ExportSpec,
  owner: { orgId: string | null; userId: string },
  now: Date,
  known?: ExportAccount[],
): Promise<JobRow> {
  const accounts = known ?? (await checkedAccounts(db, scope, spec));
  const form = scopeFormOf(scope);
  if (scope !== undefined && !form) throw new Error('an export job needs a scope it can rebuild');
  const expected = accounts.reduce((n, a) => n + a.lines, 0);
  const [row] = rowsOf<JobRow>(
    await db.execute(sql`insert into export_jobs (id, owner_org_id, owner_user_id, scope_kind, scope_id, kind, format, report_name, parameters,
        status, lines_expected, created_at, expires_at)
      values (${uuidv7()}, ${owner.orgId}, ${owner.userId}, ${form?.kind ?? null}, ${form?.id ?? null}, ${spec.kind}, ${spec.format}, ${spec.reportName},
        ${JSON.stringify(spec.filters)}::jsonb, 'QUEUED', ${expected}, ${now.toISOString()}::timestamptz,
        ${new Date(now.getTime() + EXPORT_TTL_MS).toISOString()}::timestamptz)
      returning *`),
  );
  if (!row) throw new Error('export job not stored');
  return row;
}

/**
 * The statement export calls of parts A and B: a small export is written at once and answered with
 * its file; a large one (more than {@link SYNC_LINES} lines) is queued as a job and answered with it.
 */
export async function exportNowOrQueue(
  db: Db,
  storage: FileStorage,
  scope: SQL | undefined,
  spec: ExportSpec,
  owner: { orgId: string | null; userId: string },
  now: Date,
) {
  const accounts = await checkedAccounts(db, scope, spec);
  const expected = accounts.reduce((n, a) => n + a.lines, 0);
  if (expected > SYNC_LINES) {
    const job = await queueExport(db, scope, spec, owner, now, accounts);
    return {
      fileName: '',
      url: `/v1/reports/exports/${job.id}`,
      rows: expected,
      format: spec.format,
      generatedAt: now.toISOString(),
      jobId: job.id,
      status: 'QUEUED' as const,
    };
  }
  const { stored } = await renderExport(db, storage, scope, spec, now, undefined, accounts);
  try {
    const name = await fileRow(db, spec, owner, stored, now);
    return { fileName: name, url: `/files/${name}`, rows: expected, format: spec.format, generatedAt: now.toISOString(), status: 'READY' as const };
  } catch (error) {
    await storage.remove(stored.key);
    throw error;
  }
}

/** The rebuilt scope of a job: the organisation's wallets it was asked over, or all for operations. */
const scopeOf = (job: JobRow): SQL | undefined => (job.scope_kind && job.scope_id ? scopes[job.scope_kind](job.scope_id) : undefined);

/** The export jobs as a queue: a job a process holds is RUNNING and beats heartbeat_at. */
const EXPORT_QUEUE: JobQueue = { table: 'export_jobs', claimedStatus: 'RUNNING', heartbeat: 'heartbeat_at' };

/**
 * Claims the oldest queued job, or a running one whose process stopped beating (a server that died
 * mid-export): two processes never claim the same job.
 * @internal used by its tests
 */
export async function claimExport(db: Db, workerId: string, now: Date, staleMs = STALE_MS): Promise<JobRow | null> {
  const [row] = await claimJobs<JobRow>(db, EXPORT_QUEUE, {
    workerId,
    now,
    ready: sql`status = 'QUEUED'`,
    staleBefore: new Date(now.getTime() - staleMs),
    order: sql`created_at`,
    set: sql`attempts = attempts + 1, lines_done = 0`,
  });
  return row ?? null;
}

/** Jobs given up after this many claims (a job that kills its process every time must not loop for ever). */
const MAX_ATTEMPTS = 3;

/**
 * Writes a claimed job's file, beating (progress and heartbeat) as lines are written. Only the claim
 * that still holds the job may finish it: if another process took it over meanwhile, this file is
 * removed and the job is left to that one.
 * @internal used by its tests
 */
export async function runExport(
  db: Db,
  storage: FileStorage,
  job: JobRow,
  workerId: string,
  now: () => Date,
  staleMs = STALE_MS,
): Promise<'READY' | 'FAILED' | 'LOST'> {
  const claim: Claim = { queue: EXPORT_QUEUE, id: job.id, workerId };
  // What a claim that died mid-write left: a partial file nothing refers to.
  if (job.writing_key) await storage.remove(job.writing_key);
  if (job.attempts > MAX_ATTEMPTS) {
    await finishClaim(
      db,
      claim,
      sql`status = 'FAILED', error = 'the export stopped its server repeatedly', writing_key = null, finished_at = ${now().toISOString()}::timestamptz`,
    );
    return 'FAILED';
  }
  // The file's key is on the job before its first byte is written, so a crash at any point leaves it findable.
  const key = randomUUID();
  if (!(await beatClaim(db, claim, now(), sql`writing_key = ${key}`))) return 'LOST';
  const spec: ExportSpec = { kind: job.kind, format: job.format, reportName: job.report_name, filters: job.parameters };
  let lost = false;
  let lastBeat = 0;
  const beat = async (done: number) => {
    if (lost || clock.lost) throw new Error('export job taken over by another process');
    const at = now();
    if (at.getTime() - lastBeat < 500 && done < job.lines_expected) return;
    lastBeat = at.getTime();
    if (!(await beatClaim(db, claim, at, sql`lines_done = ${done}`))) {
      lost = true;
      throw new Error('export job taken over by another process');
    }
  };
  // Lines beat as they are written, but a statement's first rows can be long in coming: the job also beats on a
  // clock, so another process never takes over a job whose process is alive and waiting on the database.
  const clock = keepAlive(db, claim, staleMs / 4, now);
  let rendered: Awaited<ReturnType<typeof renderExport>>;
  try {
    rendered = await renderExport(db, storage, scopeOf(job), spec, now(), beat, undefined, key);
  } catch (error) {
    if (lost || clock.lost) return 'LOST';
    await finishClaim(
      db,
      claim,
      sql`status = 'FAILED', error = ${error instanceof Error ? error.message : String(error)}, writing_key = null,
        finished_at = ${now().toISOString()}::timestamptz`,
    );
    return 'FAILED';
  } finally {
    clock.stop();
  }
  const finished = await finishClaim(db, claim, async (tx) => {
    const name = await fileRow(tx as unknown as Db, spec, { orgId: job.owner_org_id, userId: job.owner_user_id }, rendered.stored, now());
    return sql`status = 'READY', file_name = ${name}, writing_key = null, size = ${rendered.stored.size}, lines_done = ${rendered.lines},
        lines_expected = greatest(lines_expected, ${rendered.lines}), finished_at = ${now().toISOString()}::timestamptz`;
  });
  if (!finished) {
    await storage.remove(rendered.stored.key);
    return 'LOST';
  }
  return 'READY';
}

/** Ready exports past their expiry lose their file (row and content); the job stays listed as EXPIRED. */
async function expireExports(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const expired = rowsOf<{ id: string; file_name: string | null }>(
    await db.execute(sql`update export_jobs set status = 'EXPIRED' where status in ('READY', 'FAILED', 'QUEUED') and expires_at <= ${now.toISOString()}::timestamptz
      returning id, file_name`),
  );
  for (const job of expired) {
    if (!job.file_name) continue;
    const [file] = rowsOf<{ storage_key: string | null }>(await db.execute(sql`delete from files where name = ${job.file_name} returning storage_key`));
    if (file?.storage_key) await storage.remove(file.storage_key);
  }
  return expired.length;
}

/** The jobs of the caller's organisation (operations: their own), newest first. */
export async function listExports(
  db: Db,
  orgId: string | null,
  userId: string,
  q: { page: number; size: number; status?: string | undefined; kind?: string | undefined },
) {
  const owner = orgId === null ? sql`owner_org_id is null and owner_user_id = ${userId}` : sql`owner_org_id = ${orgId}`;
  const status = q.status ? sql`and status = ${q.status}` : sql``;
  const kind = q.kind ? sql`and kind = ${q.kind === 'WALLET_STATEMENT' ? 'wallet' : 'transaction'}` : sql``;
  const rows = rowsOf<JobRow>(
    await db.execute(
      sql`select * from export_jobs where ${owner} ${status} ${kind} order by created_at desc, id desc limit ${q.size} offset ${q.page * q.size}`,
    ),
  );
  const [count] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from export_jobs where ${owner} ${status} ${kind}`));
  return { rows, total: Number(count?.n ?? 0) };
}

/** One job of the caller's organisation; another's does not exist for it. */
export async function exportOf(db: Db, orgId: string | null, userId: string, id: string): Promise<JobRow> {
  const owner = orgId === null ? sql`owner_org_id is null and owner_user_id = ${userId}` : sql`owner_org_id = ${orgId}`;
  const [row] = rowsOf<JobRow>(await db.execute(sql`select * from export_jobs where id = ${id} and ${owner}`));
  if (!row) throw new AppError('NOT_FOUND', `No export ${id}`);
  return row;
}

export interface ExportWorkerOptions {
  workerId: string;
  now: () => Date;
  pollMs?: number;
  /** A running job whose heartbeat is older than this is taken over ({@link STALE_MS} unless set). */
  staleMs?: number;
  log?: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

/** Runs queued export jobs one at a time in this process, and expires old files; stops with the app. */
export class ExportWorker extends JobPoller {
  private lastExpiry = 0;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly options: ExportWorkerOptions,
  ) {
    super();
  }

  /** Claims and runs one job; answers whether there was one. */
  async runOnce(): Promise<boolean> {
    const job = await claimExport(this.db, this.options.workerId, this.options.now(), this.options.staleMs);
    if (!job) return false;
    const outcome = await runExport(this.db, this.storage, job, this.options.workerId, this.options.now, this.options.staleMs);
    this.options.log?.info({ job: job.id, outcome }, 'statement export job ran');
    return true;
  }

  protected async round(): Promise<boolean> {
    const ran = await this.runOnce();
    try {
      const now = this.options.now().getTime();
      if (now - this.lastExpiry > 60_000) {
        this.lastExpiry = now;
        await expireExports(this.db, this.storage, new Date(now));
      }
    } catch (error) {
      this.roundFailed(error);
    }
    return ran;
  }

  protected pollMs(): number {
    return this.options.pollMs ?? 1_000;
  }

  protected roundFailed(error: unknown): void {
    this.options.log?.error({ err: error }, 'statement export round failed; it runs again');
  }
}

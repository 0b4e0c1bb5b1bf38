import cluster from 'node:cluster';
import { runPrimary, workerNumber, workersOf } from './cluster/workers.ts';
import { ConfigError, dataDirOf, isDemoStart, loadConfig, MIGRATIONS_DIR } from './config.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { openDatabase, warnOfPoolerTimeouts } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { bootstrapAdmin, demoUsersIn, FIRST_ADMIN_ID, seedDemoData, seedReferenceData } from './seed/seed.ts';
import { AppError } from './errors.ts';
import { FileStorage } from './lib/file-storage.ts';
import { moveFileContentToDisk } from './files/legacy-content.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-organisations.ts';
import { bundledDemoTemplateDir, copyDemoTemplate } from './seed/demo-template.ts';
import { buildServer } from './app.ts';
import { demoDirectoryConfig } from './auth/directory/demo-idp.ts';
import { applyCreditValidity, CREDIT_VALIDITY_INTERVAL_MS } from './credit/credit-service.ts';
import { DRAFT_QUOTE_SWEEP_MS, noticeExpiredDraftQuotes } from './payments/draft-quote-expiry.ts';
import { rateBookOf } from './rates/rate-book.ts';
import { rateTickMs, startRateFeed } from './rates/rate-feed.ts';
import { followPricing } from './quotes/rate-cache.ts';
import { startPayout } from './payout/payout-start.ts';
import { startExportWorker } from './exports/export-start.ts';
import { tryJobLock } from './db/job-lock.ts';
import { inTransaction } from './db/transaction.ts';
import type { Db } from './db/database.ts';

async function startConfig() {
  try {
    const { secret, generated } = await resolveJwtSecret(process.env, dataDirOf(process.env));
    if (generated) console.log(`Generated a signing secret for this demo in ${dataDirOf(process.env)}.`);
    return loadConfig({ ...process.env, JWT_SECRET: secret });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Corridor server cannot start: ${error.message}`);
    process.exit(1);
  }
}
const config = await startConfig();
/** The demo start without a directory of its own gets the demo identity provider, so its directory button works. */
if (isDemoStart(process.env) && !config.directory) config.directory = demoDirectoryConfig(config.publicUrl);
if (config.bank.url && !process.env.BANK_CALLBACK_SECRET) {
  // The demo's callback secret is made at start and known only here: a bank run apart cannot sign with it.
  console.warn('Warning: BANK_URL is set without BANK_CALLBACK_SECRET; give the bank and this server the same BANK_CALLBACK_SECRET.');
}
/** The demo start (PGlite, or CORRIDOR_DEMO=1): demo organisations and users, all with the demo's public password. */
const demo = isDemoStart(process.env);

function workerCount(): number | null {
  try {
    return workersOf(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Corridor server cannot start: ${error.message}`);
    process.exit(1);
  }
}
const workers = workerCount();

/** A new demo folder starts from the demo data the build seeded (seed/demo-template.ts) instead of seeding it at start. */
let seededByBuild = false;
function demoFolder(dataDir: string): void {
  const made = copyDemoTemplate(bundledDemoTemplateDir(), dataDir, config.filesDir, config.now());
  if (made === null) return;
  // The copy is the seed's whole output, made by this build's own seed: running it again would change nothing.
  seededByBuild = true;
  console.log(`Demo data copied into ${dataDir} from the build's seed of ${made.toISOString()}.`);
}

async function open() {
  const opened = await openDatabase({ ...config, prepareFolder: demo ? demoFolder : undefined }).catch((error: unknown) => {
    // A start-up refusal (data folder in use, database unreachable) is a message, not a stack trace.
    console.error(`Corridor server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  if (config.databasePooler !== null) await warnOfPoolerTimeouts(opened.db);
  return opened;
}

if (workers !== null && cluster.isPrimary) {
  // Several processes on one port (src/cluster/workers.ts): this one prepares the database and watches them.
  if (config.databaseUrl === null) {
    console.error('Corridor server cannot start: CORRIDOR_WORKERS needs PostgreSQL (DATABASE_URL); the embedded database belongs to one process.');
    process.exit(1);
  }
  await runPrimary(workers, async () => {
    const prepared = await open();
    try {
      await prepareDatabase(prepared);
    } finally {
      await prepared.close();
    }
  });
  process.exit(0);
}

const database = await open();
/** Outside the demo: the first operations admin, from CORRIDOR_ADMIN_PASSWORD; a warning for demo users left in the database. */
async function firstAdmin(target: typeof database) {
  try {
    const digit9Id = process.env.CORRIDOR_ADMIN_ID || FIRST_ADMIN_ID;
    const made = await bootstrapAdmin(target.db, { digit9Id, password: process.env.CORRIDOR_ADMIN_PASSWORD });
    if (made === 'created') console.log(`Created the operations admin ${digit9Id} with the password of CORRIDOR_ADMIN_PASSWORD.`);
    if (made === 'no-password') {
      console.log('No admin yet: start once with CORRIDOR_ADMIN_PASSWORD set (8+ characters, an uppercase letter and a digit) to create the operations admin.');
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(`Corridor server cannot start: ${error.invalidParameters.map((p) => `${p.parameter} ${p.message}`).join('; ') || error.message}`);
    process.exit(1);
  }
  const demoUsers = await demoUsersIn(target.db);
  if (demoUsers > 0) {
    console.warn(`Warning: ${demoUsers} demo users are in this database; the demo password is public. Deactivate them or change their passwords.`);
  }
}
/** Migrations and seed, once per start: by the primary when there are workers, else by this process. */
async function prepareDatabase(target: typeof database) {
  const applied = await migrate(target.db, MIGRATIONS_DIR);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  const storage = new FileStorage(config.filesDir);
  const moved = await moveFileContentToDisk(target.db, storage);
  if (moved > 0) console.log(`Moved ${moved} files from the database to ${config.filesDir}.`);
  if (demo) {
    if (seededByBuild) return;
    const { usersCreated } = await seedDemoData(target.db, storage);
    if (usersCreated > 0) console.log(`Seeded demo data (${usersCreated} users).`);
  } else {
    // Real data: no demo organisations and no user with a public password, only what every start needs.
    await seedReferenceData(target.db, storage);
    await firstAdmin(target);
  }
}
if (!cluster.isWorker) {
  try {
    await prepareDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

const { app } = await buildServer({ db: database.db, config, workerNumber: workerNumber() });
// The simulated market ticks while the demo runs (RATE_TICK_MS; off outside the demo unless set); closing the app stops it.
// The payout rail (and, on the demo start, the simulated bank it pays through); closing the app stops them.
startPayout(app, database.db, config);
// Statement exports too large to answer at once run here as jobs (any server of the database may take one).
startExportWorker(app, database.db, new FileStorage(config.filesDir), config.now);
await startRateFeed(app, database.db, rateBookOf({ config }), {
  tickMs: rateTickMs(process.env, demo),
  now: config.now,
  log: app.log,
  deskSheet: demo,
  followPricing,
});

// Credit lines start and lapse by calendar day; a server that was down catches up at start.
async function creditValidity() {
  try {
    // Several servers may share the database: one of them runs it (advisory lock), the others skip this round.
    const { started, expired } = await inTransaction(database.db, async (tx) =>
      (await tryJobLock(tx, 'credit-validity')) ? applyCreditValidity(tx as unknown as Db, config.now()) : { started: 0, expired: 0 },
    );
    if (started + expired > 0) app.log.info({ started, expired }, 'credit limits moved by their validity');
  } catch (error) {
    app.log.error({ err: error }, 'credit validity run failed; it is retried on the next run');
  }
}
await creditValidity();
const creditTimer = setInterval(() => void creditValidity(), CREDIT_VALIDITY_INTERVAL_MS);
creditTimer.unref();

// Drafts whose quote has just expired: their makers are told (notifications), once per draft and quote.
async function draftQuotes() {
  try {
    await inTransaction(database.db, async (tx) => {
      if (await tryJobLock(tx, 'draft-quote-expiry')) await noticeExpiredDraftQuotes(tx as unknown as Db, config.now());
    });
  } catch (error) {
    app.log.error({ err: error }, 'draft quote expiry run failed; it is retried on the next run');
  }
}
const draftQuoteTimer = setInterval(() => void draftQuotes(), DRAFT_QUOTE_SWEEP_MS);
draftQuoteTimer.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(creditTimer);
  clearInterval(draftQuoteTimer);
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

// Under CORRIDOR_WORKERS the first worker speaks for all; the primary has said how many there are.
const announce = (workerNumber() ?? 1) === 1;
const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
const store = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir} (for trying Corridor; use PostgreSQL for real data)`;
if (announce) {
  console.log(`\nCorridor server ${config.version} listening on ${url}`);
  console.log(`Database: ${store}`);
  console.log(`API reference: ${url}/docs   OpenAPI: ${url}/openapi.json\n`);
}
if (demo && announce) {
  console.log('Demo sign-ins (DEMO ONLY, password for all: ' + DEMO_PASSWORD + ')');
  console.table(DEMO_USERS.map((u) => ({ id: u.digit9Id, role: u.role, name: u.name, password: DEMO_PASSWORD })));
  if (config.directory?.demo)
    console.log(`'Sign in with Active Directory' uses the demo identity provider at ${config.directory.issuer} (same IDs and password).`);
}

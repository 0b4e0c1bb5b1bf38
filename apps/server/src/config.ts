import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How many rows past the page a list counts before its total becomes a lower bound (docs/decisions.md):
 * an exact count of a large list reads every matching row on every page, while the page itself is an
 * index walk of a few rows.
 */
export const COUNT_LOOKAHEAD = 10_000;

/** Access tokens live 15 minutes; the session's refresh token keeps the sign-in for 30 days. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set. */
  dataDir: string;
  /** Folder of uploaded file content (the database keeps metadata); beside the PGlite data folder by default. */
  filesDir: string;
  databaseUrl: string | null;
  /**
   * `DATABASE_POOLER=transaction`: DATABASE_URL leads to a pooler in transaction mode (PgBouncer), where a
   * server connection changes hands between transactions. No named statements then, and no settings sent
   * at connection (the pooler would refuse them): statement and lock timeouts are the role's (see README).
   */
  databasePooler: 'transaction' | null;
  /** Ceiling of every query on PostgreSQL (`STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs: number;
  /**
   * How many rows past a page the lists that can grow large (transactions, payments) count before their
   * total becomes a lower bound (`LIST_COUNT_LOOKAHEAD`, 10,000); tests lower it.
   */
  countLookahead: number;
  /** Signs access tokens and file links. Never defaulted: see resolveJwtSecret. */
  jwtSecret: string;
  /**
   * How long an access token lives (`ACCESS_TOKEN_LIFETIME_SECONDS`, 15 minutes). Tests shorten it so a
   * run crosses a renewal; a deployment has no reason to.
   */
  accessTokenLifetimeSeconds: number;
  /** Limits on the calls anyone can make without signing in (token grant, revocation, signed links). */
  rateLimits: RateLimits;
  pwaDist: string;
  directorySignInUrl: string | null;
  /**
   * The directory sign-in (OpenID Connect, authorization code with PKCE): `OIDC_ISSUER_URL`,
   * `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`. Null when not configured; the demo start then runs its own
   * identity provider (src/auth/directory/demo-idp.ts) and main.ts sets this to it.
   */
  directory: DirectoryConfig | null;
  /** Mail (password reset links) is also written to the log: the demo start, which has no mail relay. */
  logMail: boolean;
  /**
   * Origin the server is reached at (`PUBLIC_URL`), for links it builds (signed file links). Never the
   * request's Host header, which a caller controls.
   */
  publicUrl: string;
  /** Version reported by /portal-config.json; the portal compares it with its own. */
  version: string;
  /** The payout rail and the simulated correspondent bank (src/payout/). */
  bank: BankConfig;
  /** Injected clock so tests can step past lockouts and link expiry without waiting. */
  now: () => Date;
  /**
   * Every answer is parsed with its call's response schema before it leaves (`CORRIDOR_CHECK_ANSWERS=1`; on in
   * every test server): contract drift fails the test that made the call. The server's own checks of its work go
   * with it: every list text made in one pass is compared with Drizzle's compile (`db/sql-text.ts`).
   */
  checkAnswers: boolean;
}

export interface DirectoryConfig {
  /** The issuer exactly as its discovery document names it (ID tokens must carry it as `iss`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim holding the user's 9-digit ID (`OIDC_ID_CLAIM`, `digit9Id`). */
  idClaim: string;
  /** The in-process demo identity provider, mounted on this server (demo start only). */
  demo: boolean;
}

interface BankConfig {
  /**
   * Signs the bank's callbacks (`BANK_CALLBACK_SECRET`). The demo start without it makes a random one
   * for this start only, which its in-process bank signs with; any other start is refused without it.
   */
  callbackSecret: string;
  /** The rail worker runs in this process (`RAIL_ENABLED`, on unless 0). */
  railEnabled: boolean;
  /** The simulated bank runs in this process (`BANK_SIMULATOR`, on by default on the demo start). */
  simulatorEnabled: boolean;
  /** Where the rail sends payout instructions when the bank runs apart (`BANK_URL`). */
  url: string | null;
  /** How long the simulated bank takes to answer (`BANK_DELAY_MS`). */
  delayMs: number;
  /** Share of payouts the simulated bank refuses, 0..1 (`BANK_FAILURE_RATE`). */
  failureRate: number;
  /** A sent payout the bank has not answered in this long is pushed again as a new attempt (`RAIL_ANSWER_TIMEOUT_MS`, 120000). */
  answerTimeoutMs: number;
}

export interface RateLimits {
  /** Requests a minute from one client address. */
  perAddressPerMinute: number;
  /** Token grants a minute naming one ID, from every address together. */
  perIdPerMinute: number;
}

/**
 * Far above what a branch office types by hand, far below what a guessing script needs.
 * @internal
 */
export const DEFAULT_RATE_LIMITS: RateLimits = { perAddressPerMinute: 60, perIdPerMinute: 20 };

/**
 * Every query's ceiling on PostgreSQL: a request can never keep the database busy for longer, and a
 * query its client gave up on ends by itself. Above the 15 s an idempotent retry may wait for a lock.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 20_000;

/**
 * Every lock wait's ceiling on PostgreSQL, set once per connection: an idempotent retry waits this
 * long for the first request with its key to commit or roll back before it is told to retry later
 * (`claimKey`); longer than any creating call takes, short enough that a client is not left hanging.
 * Set on the connection rather than around the claim: two statements less in every keyed write.
 */
export const LOCK_WAIT_MS = 15_000;

/** A start-up refusal with a message for the operator (no stack trace). */
export class ConfigError extends Error {}

/** The server's folder (`apps/server`), the same whether it runs from `src/` under tsx or from the bundle in `dist/`. */
export const SERVER_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const repoRoot = resolve(SERVER_ROOT, '..', '..');

/** Files the server ships beside its code (the PDF statement's fonts), found from the server's root: the same
 * whether it runs from `src/` under tsx or from the bundle in `dist/`. */
export const ASSETS_DIR = resolve(SERVER_ROOT, 'assets');

const SERVER_VERSION = '0.0.398';

/** PGlite data folder (also where the demo start keeps its generated secret). */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.DATA_DIR ?? resolve(SERVER_ROOT, '.data', 'pglite'));
}

/** The demo start: the embedded PGlite (no DATABASE_URL), or CORRIDOR_DEMO=1 said explicitly. */
export function isDemoStart(env: NodeJS.ProcessEnv): boolean {
  return !env.DATABASE_URL || env.CORRIDOR_DEMO === '1';
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

/** The configuration from the environment; JWT_SECRET is required (main.ts resolves the demo one first). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  if (!env.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET is not set: set it to a long random value (for example: openssl rand -base64 32)');
  }
  const dataDir = dataDirOf(env);
  return {
    port: Number.isFinite(port) ? port : 8080,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    filesDir: resolve(env.FILES_DIR ?? resolve(dataDir, '..', 'files')),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL !== '' ? env.DATABASE_URL : null,
    databasePooler: poolerOf(env.DATABASE_POOLER),
    checkAnswers: env.CORRIDOR_CHECK_ANSWERS === '1',
    statementTimeoutMs: positiveInt(env.STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, 'STATEMENT_TIMEOUT_MS'),
    countLookahead: positiveInt(env.LIST_COUNT_LOOKAHEAD, COUNT_LOOKAHEAD, 'LIST_COUNT_LOOKAHEAD'),
    jwtSecret: env.JWT_SECRET,
    accessTokenLifetimeSeconds: positiveInt(env.ACCESS_TOKEN_LIFETIME_SECONDS, ACCESS_TOKEN_LIFETIME_SECONDS, 'ACCESS_TOKEN_LIFETIME_SECONDS'),
    rateLimits: {
      perAddressPerMinute: positiveInt(env.RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMITS.perAddressPerMinute, 'RATE_LIMIT_PER_ADDRESS'),
      perIdPerMinute: positiveInt(env.RATE_LIMIT_PER_ID, DEFAULT_RATE_LIMITS.perIdPerMinute, 'RATE_LIMIT_PER_ID'),
    },
    pwaDist: resolve(env.PWA_DIST ?? resolve(repoRoot, 'apps', 'pwa', 'dist')),
    directorySignInUrl: env.CORRIDOR_DIRECTORY_SIGNIN_URL && env.CORRIDOR_DIRECTORY_SIGNIN_URL !== '' ? env.CORRIDOR_DIRECTORY_SIGNIN_URL : null,
    directory: directoryConfigOf(env),
    logMail: isDemoStart(env),
    publicUrl: publicUrlOf(env.PUBLIC_URL, env.HOST ?? '127.0.0.1', Number.isFinite(port) ? port : 8080),
    version: SERVER_VERSION,
    bank: bankConfigOf(env),
    now: () => new Date(),
  };
}

/**
 * The directory's OpenID Connect client, when `OIDC_ISSUER_URL` is set: the client id and secret are then
 * required (no secret is ever defaulted). Without the issuer there is no directory sign-in, except the
 * demo start's own identity provider (main.ts).
 */
function directoryConfigOf(env: NodeJS.ProcessEnv): DirectoryConfig | null {
  const issuer = env.OIDC_ISSUER_URL;
  if (issuer === undefined || issuer === '') return null;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER_URL must be a URL, got "${issuer}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`OIDC_ISSUER_URL must be https, got "${issuer}"`);
  const clientId = env.OIDC_CLIENT_ID;
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new ConfigError('OIDC_ISSUER_URL is set without OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set both to the client registered with the directory.');
  }
  return { issuer, clientId, clientSecret, idClaim: env.OIDC_ID_CLAIM || 'digit9Id', demo: false };
}

function bankConfigOf(env: NodeJS.ProcessEnv): BankConfig {
  const demo = isDemoStart(env);
  const secret = bankCallbackSecretOf(env, demo);
  const failureRate = Number(env.BANK_FAILURE_RATE ?? '0');
  if (!Number.isFinite(failureRate) || failureRate < 0 || failureRate > 1)
    throw new ConfigError(`BANK_FAILURE_RATE must be between 0 and 1, got "${env.BANK_FAILURE_RATE}"`);
  const delay = Number(env.BANK_DELAY_MS ?? '1500');
  if (!Number.isInteger(delay) || delay < 0) throw new ConfigError(`BANK_DELAY_MS must be a whole number of milliseconds, got "${env.BANK_DELAY_MS}"`);
  const answerTimeout = Number(env.RAIL_ANSWER_TIMEOUT_MS ?? '120000');
  if (!Number.isInteger(answerTimeout) || answerTimeout < 1)
    throw new ConfigError(`RAIL_ANSWER_TIMEOUT_MS must be a whole number of milliseconds, got "${env.RAIL_ANSWER_TIMEOUT_MS}"`);
  return {
    callbackSecret: secret,
    railEnabled: env.RAIL_ENABLED !== '0',
    simulatorEnabled: env.BANK_SIMULATOR === undefined || env.BANK_SIMULATOR === '' ? demo : env.BANK_SIMULATOR === '1',
    url: env.BANK_URL && env.BANK_URL !== '' ? env.BANK_URL.replace(/\/+$/, '') : null,
    delayMs: delay,
    failureRate,
    answerTimeoutMs: answerTimeout,
  };
}

/**
 * The secret bank callbacks are signed with: BANK_CALLBACK_SECRET when set. The demo start without it
 * makes 32 random bytes for this start, known only to this process (its simulated bank signs with them;
 * a bank run apart needs BANK_CALLBACK_SECRET on both). No secret is written in the source: one would
 * let anyone who read it sign a callback and credit any wallet. Any other start is refused without it.
 */
function bankCallbackSecretOf(env: NodeJS.ProcessEnv, demo: boolean): string {
  if (env.BANK_CALLBACK_SECRET && env.BANK_CALLBACK_SECRET !== '') return env.BANK_CALLBACK_SECRET;
  if (demo) return randomBytes(32).toString('base64url');
  throw new ConfigError(
    'BANK_CALLBACK_SECRET is not set. Outside the demo start (DATABASE_URL set) the server needs the secret the bank signs its callbacks with: ' +
      'set BANK_CALLBACK_SECRET to a long random value shared with the bank (for example: openssl rand -base64 32).',
  );
}

/** Folder of the SQL migrations, shared by both drivers. */
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'drizzle');

/** `PUBLIC_URL` without a trailing slash, or the address the server listens on. */
function publicUrlOf(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value === '') return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be http or https: ${value}`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function poolerOf(raw: string | undefined): 'transaction' | null {
  if (raw === undefined || raw === '') return null;
  if (raw === 'transaction') return 'transaction';
  throw new ConfigError(`DATABASE_POOLER must be 'transaction' (PgBouncer in transaction pooling) or unset; got '${raw}'.`);
}

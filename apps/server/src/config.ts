import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, resolved once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set. */
  dataDir: string;
  /** Folder of uploaded file content (the database keeps metadata); beside the PGlite data folder by default. */
  filesDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  pwaDist: string;
  directorySignInUrl: string | null;
  /**
   * Origin the server is reached at (`PUBLIC_URL`), for links it builds (signed file links). Never the
   * request's Host header, which a caller controls.
   */
  publicUrl: string;
  /** Version reported by /portal-config.json; the portal compares it with its own. */
  version: string;
  /** Injected clock so tests can step past lockouts and link expiry without waiting. */
  now: () => Date;
}

const serverRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const repoRoot = resolve(serverRoot, '..', '..');

/**
 * Demo default only: a real deployment must set JWT_SECRET, otherwise anyone who reads this file can
 * mint tokens.
 */
export const DEMO_JWT_SECRET = 'corridor-demo-jwt-secret-change-me-in-production';

export const SERVER_VERSION = '0.0.398';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const dataDir = resolve(env.DATA_DIR ?? resolve(serverRoot, '.data', 'pglite'));
  return {
    port: Number.isFinite(port) ? port : 8080,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    filesDir: resolve(env.FILES_DIR ?? resolve(dataDir, '..', 'files')),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL !== '' ? env.DATABASE_URL : null,
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : DEMO_JWT_SECRET,
    pwaDist: resolve(env.PWA_DIST ?? resolve(repoRoot, 'apps', 'pwa', 'dist')),
    directorySignInUrl:
      env.CORRIDOR_DIRECTORY_SIGNIN_URL && env.CORRIDOR_DIRECTORY_SIGNIN_URL !== ''
        ? env.CORRIDOR_DIRECTORY_SIGNIN_URL
        : null,
    publicUrl: publicUrlOf(env.PUBLIC_URL, env.HOST ?? '127.0.0.1', Number.isFinite(port) ? port : 8080),
    version: SERVER_VERSION,
    now: () => new Date(),
  };
}

/** Folder of the SQL migrations, shared by both drivers. */
export const MIGRATIONS_DIR = resolve(serverRoot, 'drizzle');

/** `PUBLIC_URL` without a trailing slash, or the address the server listens on. */
function publicUrlOf(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value === '') return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be http or https: ${value}`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

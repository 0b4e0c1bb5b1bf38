import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, isDemoStart } from '../config.ts';

/** @internal */
export const JWT_SECRET_FILE = 'corridor-jwt-secret';

/**
 * The signing secret: JWT_SECRET when set. The demo start generates 32 random bytes on its first run
 * and keeps them in its data folder (owner-only), so tokens survive a restart and no two demos share
 * a key. Any other start without JWT_SECRET is refused: a default secret would let anyone mint tokens.
 */
export async function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string): Promise<{ secret: string; generated: boolean }> {
  if (env.JWT_SECRET) return { secret: env.JWT_SECRET, generated: false };
  if (!isDemoStart(env)) {
    throw new ConfigError(
      'JWT_SECRET is not set. Outside the demo start (DATABASE_URL set) the server needs its own signing secret: ' +
        'set JWT_SECRET to a long random value (for example: openssl rand -base64 32).',
    );
  }
  const path = join(dataDir, JWT_SECRET_FILE);
  try {
    const kept = (await readFile(path, 'utf8')).trim();
    if (kept.length >= 32) return { secret: kept, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': two servers starting at once on a fresh folder cannot overwrite each other's secret.
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { secret: (await readFile(path, 'utf8')).trim(), generated: false };
    throw error;
  }
  return { secret, generated: true };
}

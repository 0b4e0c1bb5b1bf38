import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'corridor-secret-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('signing secret', () => {
  it('has no default: the configuration refuses to load without JWT_SECRET', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/JWT_SECRET is not set/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('generates a random secret on the first demo start, keeps it owner-only, and reuses it after', async () => {
    const dataDir = join(dir, 'pglite');
    const first = await resolveJwtSecret({}, dataDir);
    expect(first.generated).toBe(true);
    expect(Buffer.from(first.secret, 'base64url')).toHaveLength(32);
    expect((await stat(join(dataDir, JWT_SECRET_FILE))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dataDir, JWT_SECRET_FILE), 'utf8')).trim()).toBe(first.secret);
    const again = await resolveJwtSecret({}, dataDir);
    expect(again).toEqual({ secret: first.secret, generated: false });
    // Another data folder is another demo: another secret.
    expect((await resolveJwtSecret({}, join(dir, 'other'))).secret).not.toBe(first.secret);
  });

  it('refuses to start outside the demo without JWT_SECRET, and takes JWT_SECRET when set', async () => {
    const env = { DATABASE_URL: 'postgres://db/corridor' };
    await expect(resolveJwtSecret(env, join(dir, 'pg'))).rejects.toThrow(ConfigError);
    await expect(resolveJwtSecret(env, join(dir, 'pg'))).rejects.toThrow(/JWT_SECRET is not set/);
    expect((await resolveJwtSecret({ ...env, CORRIDOR_DEMO: '1' }, join(dir, 'pg'))).generated).toBe(true);
    expect(await resolveJwtSecret({ ...env, JWT_SECRET: 'from-env' }, join(dir, 'pg'))).toEqual({ secret: 'from-env', generated: false });
  });

  it('bank callbacks: a random secret for each demo start, none in the source; refused outside the demo without BANK_CALLBACK_SECRET', () => {
    const first = loadConfig({ JWT_SECRET: 'x'.repeat(32) }).bank.callbackSecret;
    const second = loadConfig({ JWT_SECRET: 'x'.repeat(32) }).bank.callbackSecret;
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(second).not.toBe(first);
    const real = { JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db/corridor' };
    expect(() => loadConfig(real)).toThrow(ConfigError);
    expect(() => loadConfig(real)).toThrow(/BANK_CALLBACK_SECRET is not set/);
    expect(() => loadConfig({ ...real, RAIL_ENABLED: '0' })).toThrow(/BANK_CALLBACK_SECRET/);
    expect(loadConfig({ ...real, BANK_CALLBACK_SECRET: 'shared-with-the-bank' }).bank.callbackSecret).toBe('shared-with-the-bank');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), BANK_CALLBACK_SECRET: 'shared-with-the-bank' }).bank.callbackSecret).toBe('shared-with-the-bank');
  });
});

import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import { configFilePath } from './config-path.ts';
import { updateProfile } from './config-store.ts';
import { createFileConfigStore } from './file-config-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'corridor-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configFilePath', () => {
  it('prefers CORRIDOR_CONFIG, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(configFilePath({ CORRIDOR_CONFIG: '/x/c.json', XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/x/c.json');
    expect(configFilePath({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/xdg/corridor/config.json');
    expect(configFilePath({}, '/home/u')).toBe('/home/u/.config/corridor/config.json');
  });

  it('ignores a relative XDG_CONFIG_HOME, as the XDG spec says', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe('/home/u/.config/corridor/config.json');
  });
});

describe('createFileConfigStore', () => {
  it('reads an absent file as no profiles', async () => {
    const store = createFileConfigStore(join(dir, 'none', 'config.json'));
    expect(await store.read()).toEqual({ profiles: {} });
  });

  it('creates the file with mode 0600 in a directory with mode 0700', async () => {
    const location = join(dir, 'corridor', 'config.json');
    const store = createFileConfigStore(location);
    await store.write({ profiles: { default: { token: 'secret-token' } } });
    expect((await stat(location)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'corridor'))).mode & 0o777).toBe(0o700);
  });

  it('tightens an existing file that was readable by others', async () => {
    const location = join(dir, 'config.json');
    await writeFile(location, '{"profiles":{}}', { mode: 0o644 });
    const store = createFileConfigStore(location);
    await store.write({ profiles: { default: { token: 't' } } });
    expect((await stat(location)).mode & 0o777).toBe(0o600);
  });

  it('round-trips profiles and keeps the others when one changes', async () => {
    const store = createFileConfigStore(join(dir, 'config.json'));
    await store.write({ profiles: { a: { apiRoot: 'http://a', token: 'ta' }, b: { apiRoot: 'http://b' } } });
    await updateProfile(store, 'b', (p) => ({ ...p, token: 'tb', username: '100000001' }));
    expect(await store.read()).toEqual({
      profiles: { a: { apiRoot: 'http://a', token: 'ta' }, b: { apiRoot: 'http://b', token: 'tb', username: '100000001' } },
    });
  });

  it('round-trips the session: both tokens and their expiries', async () => {
    const store = createFileConfigStore(join(dir, 'session.json'));
    const session = {
      apiRoot: 'http://a',
      username: '100000001',
      token: 'access',
      expiresAt: '2026-03-01T10:15:00.000Z',
      refreshToken: 'refresh',
      refreshExpiresAt: '2026-03-31T10:00:00.000Z',
    };
    await store.write({ profiles: { default: session } });
    expect(await store.read()).toEqual({ profiles: { default: session } });
  });

  it('refuses a config file that is not JSON with a usage error naming the file', async () => {
    const location = join(dir, 'config.json');
    await mkdir(dir, { recursive: true });
    await writeFile(location, '{not json');
    await expect(createFileConfigStore(location).read()).rejects.toThrow(UsageError);
    await expect(createFileConfigStore(location).read()).rejects.toThrow(location);
  });

  it('drops fields of the wrong type instead of trusting them', async () => {
    const location = join(dir, 'config.json');
    await writeFile(location, JSON.stringify({ profiles: { x: { token: 42, apiRoot: 'http://x' }, y: 'junk' } }));
    expect(await createFileConfigStore(location).read()).toEqual({ profiles: { x: { apiRoot: 'http://x' }, y: {} } });
    expect(JSON.parse(await readFile(location, 'utf8'))).toHaveProperty('profiles.x.token', 42);
  });
});

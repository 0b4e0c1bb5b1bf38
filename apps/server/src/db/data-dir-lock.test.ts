import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'corridor-lock-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('data folder lock', () => {
  it('keeps a second opener out while the first holds it, and lets go on release', async () => {
    const lockFile = join(dir, 'corridor-server.lock');
    // A live process other than this one holds the lock: the parent of this test worker.
    await writeFile(lockFile, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
    await rm(lockFile);
    const release = lockDataDir(dir);
    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    await writeFile(join(dir, 'corridor-server.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(await readFile(join(dir, 'corridor-server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, 'size-budget.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A built folder whose login route is `loginKb` of incompressible JS and i18next `laterKb`. */
function dist(loginKb: number, laterKb = 20): string {
  const dir = mkdtempSync(join(tmpdir(), 'size-budget-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/index.js'), randomBytes(Math.round((loginKb - 1) * 1024)));
  writeFileSync(join(dir, 'assets/login.js'), randomBytes(512));
  writeFileSync(join(dir, 'assets/i18n.js'), randomBytes(laterKb * 1024));
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'src/routes/login.tsx?tsr-split=component': { file: 'assets/login.js', isDynamicEntry: true },
    'src/lib/i18n.ts': { file: 'assets/i18n.js', isDynamicEntry: true },
  };
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

const run = (dir: string) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });

describe('size budget', () => {
  it('fails a login route over 150 KB gzip', () => {
    const result = run(dist(152));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAIL login route/);
  });

  it('passes a login route under 150 KB, i18next loaded after the first paint not counted in it', () => {
    const result = run(dist(140, 40));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ok {3}login route .* 1[34]\d\.\d KB gzip \(budget 150\.0 KB\)/);
    expect(result.stdout).toMatch(/ok {3}after first paint \(i18next\)\s+40\.\d KB/);
  });
});

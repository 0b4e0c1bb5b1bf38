import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingFromLoginStylesheet } from '../first-screen-strings.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A src/ folder whose login.css names `sources`. */
function src(sources: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'login-css-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/login.css'), `@import 'tailwindcss' source(none);\n${sources.map((s) => `@source '${s}';`).join('\n')}\n`);
  return join(dir, 'src');
}

describe("the first visit's stylesheet covers the first screen", () => {
  it("names the first screen's modules outside src/lib/ that login.css does not list", () => {
    const dir = src(['./main.tsx', './components/brand-mark.tsx']);
    const modules = [
      join(dir, 'main.tsx'),
      join(dir, 'components/brand-mark.tsx'),
      join(dir, 'components/new-banner.tsx'),
      join(dir, 'features/auth/login-page.tsx?tsr-split=component'),
      join(dir, 'lib/session-context.tsx'),
      '/elsewhere/node_modules/lucide-react/dist/esm/Icon.mjs',
    ];
    expect(missingFromLoginStylesheet(modules, dir)).toEqual(['components/new-banner.tsx', 'features/auth/login-page.tsx']);
  });

  it('passes when every one is listed', () => {
    const dir = src(['./main.tsx', './features/auth/login-page.tsx']);
    expect(missingFromLoginStylesheet([join(dir, 'main.tsx'), join(dir, 'features/auth/login-page.tsx')], dir)).toEqual([]);
  });

  it("holds for the portal's own login.css and first screen as listed there", () => {
    expect(missingFromLoginStylesheet([join(import.meta.dirname, '../src/features/auth/login-page.tsx')])).toEqual([]);
  });
});

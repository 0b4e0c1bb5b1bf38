import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import ar from '../../public/assets/i18n/ar.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, tree);
}

/**
 * A plural key's forms (i18next: `_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) count as the key itself:
 * English has two forms and Arabic six, so the languages agree on keys, not on how many forms each has.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (tree: unknown) => [...new Set(keysOf(tree).map((k) => k.replace(PLURAL, '')))];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('translations', () => {
  it('en.json and ar.json have exactly the same keys', () => {
    const enKeys = baseKeys(en).sort();
    const arKeys = baseKeys(ar).sort();
    expect(arKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !arKeys.includes(k))).toEqual([]);
  });

  it('no translation is empty', () => {
    for (const tree of [en, ar]) {
      for (const key of keysOf(tree)) expect(String(valueAt(tree, key)).trim(), key).not.toBe('');
    }
  });

  it('every literal key used in the portal exists in en.json', () => {
    const root = join(__dirname, '..');
    const used = new Set<string>();
    const pattern =
      /(?:\bt\(|i18n(?:Message|Title|Label)?:\s*|label:\s*|name:\s*|leaf\(|group\()\s*'([a-zA-Z]+(?:\.[a-zA-Z]+)+|pswdUpdateSuccessNotification)'/g;
    for (const file of sourceFiles(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (match[1]) used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(40);
    // A plural key is used by its base name (t('x.count', { count })) and kept as its forms.
    const missing = [...used].filter((key) => typeof valueAt(en, key) !== 'string' && typeof valueAt(en, `${key}_other`) !== 'string');
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import additions from './i18n-additions.json';
import { DATA_TABLE_TEXTS } from './data-table-texts.ts';

function at(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('dataTable texts to add to the translation files', () => {
  it('carry every key with its English default and an Arabic text', () => {
    for (const text of Object.values(DATA_TABLE_TEXTS)) {
      expect(at(additions.en, text.key), text.key).toBe(text.en);
      expect(typeof at(additions.ar, text.key), text.key).toBe('string');
      if ('one' in text) {
        expect(at(additions.en, `${text.key}_one`)).toBe(text.one);
        expect(typeof at(additions.ar, `${text.key}_one`)).toBe('string');
      }
    }
  });
});

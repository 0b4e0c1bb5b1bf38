import { describe, expect, it } from 'vitest';
import en from '../../../public/assets/i18n/en.json';
import ar from '../../../public/assets/i18n/ar.json';
import { DATA_TABLE_TEXTS } from './data-table-texts.ts';

function at(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('dataTable texts in the translation files', () => {
  it('carry every key with its English default and an Arabic text', () => {
    for (const text of Object.values(DATA_TABLE_TEXTS)) {
      expect(at(en, text.key), text.key).toBe(text.en);
      expect(typeof at(ar, text.key), text.key).toBe('string');
      if ('one' in text) {
        expect(at(en, `${text.key}_one`)).toBe(text.one);
        expect(typeof at(ar, `${text.key}_one`)).toBe('string');
      }
    }
  });
});

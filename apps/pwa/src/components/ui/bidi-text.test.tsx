import { describe, expect, it } from 'vitest';
import { isolatedDir } from './bidi-text.tsx';

describe('isolatedDir', () => {
  it('ids, IBANs, account numbers and references read left to right; Arabic text keeps its own direction', () => {
    expect(isolatedDir('PAY-0001')).toBe('ltr');
    expect(isolatedDir('1002 3004 5006')).toBe('ltr');
    expect(isolatedDir('AE07 0331 2345 6789 0123 456')).toBe('ltr');
    expect(isolatedDir('-')).toBe('ltr');
    expect(isolatedDir('محفظة 12')).toBeUndefined();
  });
});

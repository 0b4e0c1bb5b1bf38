import { describe, expect, it } from 'vitest';
import { regionName } from './region-name.ts';

describe('regionName', () => {
  it('names a country in Arabic from the browser, keeps the server name in English and for unknown codes', () => {
    expect(regionName('AE', 'United Arab Emirates', 'ar')).toBe('الإمارات العربية المتحدة');
    expect(regionName('AE', 'United Arab Emirates', 'en')).toBe('United Arab Emirates');
    expect(regionName('X1', 'Nowhere', 'ar')).toBe('Nowhere');
    expect(regionName(null, '-', 'ar')).toBe('-');
  });
});

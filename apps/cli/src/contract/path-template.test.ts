import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import { fillPath, placeholdersOf } from './path-template.ts';

describe('fillPath', () => {
  it('fills placeholders and URL-encodes the values', () => {
    expect(fillPath('/v1/currencies/{code}', { code: 'EUR' })).toBe('/v1/currencies/EUR');
    expect(fillPath('/files/{filename}/url', { filename: 'a b/c' })).toBe('/files/a%20b%2Fc/url');
  });

  it('leaves a concrete path alone', () => {
    expect(fillPath('/users/me', {})).toBe('/users/me');
  });

  it('names the missing path parameters', () => {
    expect(() => fillPath('/a/{x}/b/{y}', { x: '1' })).toThrow(new UsageError('missing path parameter: -p y=...'));
  });

  it('refuses a parameter the template has no place for', () => {
    expect(() => fillPath('/users/me', { code: 'EUR' })).toThrow(UsageError);
  });

  it('lists placeholders in order', () => {
    expect(placeholdersOf('/a/{first}/b/{second}')).toEqual(['first', 'second']);
  });
});

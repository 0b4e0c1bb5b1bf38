import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import type { NamedDefinition } from './definitions.ts';
import { contractDefinitions } from './definitions.ts';
import { fillPath, matchDefinition, placeholdersOf } from './path-template.ts';

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

describe('matchDefinition', () => {
  const defs = [
    { id: 'files.get', definition: { method: 'GET', path: '/files/{filename}' } },
    { id: 'files.list', definition: { method: 'GET', path: '/files' } },
    { id: 'files.url', definition: { method: 'GET', path: '/files/{filename}/url' } },
    { id: 'x.literal', definition: { method: 'GET', path: '/files/special' } },
  ] as unknown as NamedDefinition[];

  it('matches a template as written and a concrete path by pattern', () => {
    expect(matchDefinition(defs, 'GET', '/files/{filename}')?.id).toBe('files.get');
    expect(matchDefinition(defs, 'GET', '/files/report.pdf')?.id).toBe('files.get');
    expect(matchDefinition(defs, 'GET', '/files/report.pdf/url')?.id).toBe('files.url');
  });

  it('prefers a literal template over one with placeholders', () => {
    expect(matchDefinition(defs, 'GET', '/files/special')?.id).toBe('x.literal');
  });

  it('needs the same method and the whole path', () => {
    expect(matchDefinition(defs, 'POST', '/files')).toBeUndefined();
    expect(matchDefinition(defs, 'GET', '/files/a/b')).toBeUndefined();
  });

  it('knows the calls of the real contract', () => {
    const real = contractDefinitions();
    expect(matchDefinition(real, 'GET', '/users/me')?.id).toBe('users.me');
    expect(matchDefinition(real, 'GET', '/v1/internal/cache/get')?.id).toBe('internal.cacheGet');
  });
});

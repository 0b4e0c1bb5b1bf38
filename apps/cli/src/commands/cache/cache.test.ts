import { describe, expect, it } from 'vitest';
import { UsageError } from '../../errors.ts';
import { fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { cacheClear } from './clear.ts';
import { cacheEntries } from './entries.ts';
import { cacheList } from './list.ts';

const caches = [
  { name: 'currencies', size: 12, hits: 40, misses: 2 },
  { name: 'countries', size: 250, hits: 3, misses: 1 },
];

describe('cache list', () => {
  it('asks for the caches like NAME and prints one line per cache in a pipe', async () => {
    const backend = fakeBackend({ request: () => caches });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await cacheList(testContext(deps), { like: 'c' });
    expect(backend.requests[0]).toMatchObject({
      callId: 'internal.cacheGet',
      method: 'GET',
      path: '/v1/internal/cache/get',
      options: { query: { cacheNameLike: 'c' } },
    });
    expect(deps.terminal.out()).toBe('currencies\t12\t40\t2\ncountries\t250\t3\t1\n');
  });

  it('sends no filter without --like and prints a table on a terminal', async () => {
    const backend = fakeBackend({ request: () => caches });
    const deps = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ tty: true }) });
    await cacheList(testContext(deps), {});
    expect(backend.requests[0]?.options.query).toEqual({});
    expect(deps.terminal.out()).toMatch(/name.*size.*hits.*misses/);
  });

  it('prints the answer as JSON with --json', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => caches }), config: signedInConfig() });
    await cacheList(testContext(deps, { json: true }), {});
    expect(JSON.parse(deps.terminal.out())).toEqual(caches);
  });
});

describe('cache entries', () => {
  const answer = { name: 'currencies', entries: [{ key: 'EUR', value: { dp: 2 }, storedAt: '2026-03-01T10:00:00Z' }] };

  it('asks for one cache by name and prints its entries as rows', async () => {
    const backend = fakeBackend({ request: () => answer });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await cacheEntries(testContext(deps), 'currencies');
    expect(backend.requests[0]).toMatchObject({ callId: 'internal.cacheEntries', options: { query: { cacheName: 'currencies' } } });
    expect(deps.terminal.out()).toBe('EUR\t{"dp":2}\t2026-03-01T10:00:00Z\n');
  });

  it('keeps the whole answer in JSON', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => answer }), config: signedInConfig() });
    await cacheEntries(testContext(deps, { json: true }), 'currencies');
    expect(JSON.parse(deps.terminal.out())).toEqual(answer);
  });
});

describe('cache clear', () => {
  it('clears the caches like NAME and lists what was cleared', async () => {
    const backend = fakeBackend({ request: () => ({ cleared: ['currencies', 'currency-pairs'] }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await cacheClear(testContext(deps), { like: 'currenc' });
    expect(backend.requests[0]).toMatchObject({
      callId: 'internal.cacheClear',
      path: '/v1/internal/cache/clear',
      options: { query: { cacheNameLike: 'currenc' } },
    });
    expect(deps.terminal.out()).toBe('currencies\ncurrency-pairs\n');
    expect(deps.terminal.err()).toBe('Cleared 2 caches matching "currenc".\n');
  });

  it('requires --like so that all caches are never cleared by accident', async () => {
    const backend = fakeBackend({ request: () => ({ cleared: [] }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await expect(cacheClear(testContext(deps), {})).rejects.toThrow(UsageError);
    expect(backend.requests).toHaveLength(0);
  });
});

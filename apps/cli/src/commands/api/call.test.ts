import { describe, expect, it } from 'vitest';
import { CliError, NotSignedInError, UsageError } from '../../errors.ts';
import { fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { apiCall, newApiCommand, parseHeaders } from './call.ts';

const noOptions = { query: [], params: [], paginate: false };

/** A list of `total` items served `size` per page, as the backend pages them. */
function pagedBackend(total: number) {
  return fakeBackend({
    request: (_method, _path, options) => {
      const page = Number(options.query?.['page'] ?? 0);
      const size = Number(options.query?.['size'] ?? 10);
      const all = Array.from({ length: total }, (_, i) => ({ n: i }));
      return {
        content: all.slice(page * size, page * size + size),
        page,
        size,
        totalElements: total,
        totalPages: Math.ceil(total / size),
      };
    },
  });
}

describe('api', () => {
  it('sends the method, concrete path and query, and prints the JSON answer', async () => {
    const backend = fakeBackend({ request: () => ({ ok: true }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'get', '/v1/internal/cache/get', { ...noOptions, query: ['cacheNameLike=cur'] });
    expect(backend.requests).toEqual([
      {
        connection: { apiRoot: 'http://backend.test', token: 'token-abc' },
        method: 'GET',
        path: '/v1/internal/cache/get',
        options: { query: { cacheNameLike: 'cur' }, body: undefined },
      },
    ]);
    expect(deps.terminal.out()).toBe('{\n  "ok": true\n}\n');
    expect(deps.terminal.err()).toBe('');
  });

  it('fills a path template from -p and sends repeated -q keys as a list', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'GET', '/files/{filename}/url', {
      ...noOptions,
      params: ['filename=report 1.pdf'],
      query: ['sort=name,ASC', 'sort=size,DESC'],
    });
    expect(backend.requests[0]?.path).toBe('/files/report%201.pdf/url');
    expect(backend.requests[0]?.options.query).toEqual({ sort: ['name,ASC', 'size,DESC'] });
    expect(deps.terminal.err()).toBe('');
  });

  it('reads a query string pasted into the path', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'GET', '/v1/internal/cache/get?cacheNameLike=a', { ...noOptions, query: ['x=1'] });
    expect(backend.requests[0]?.path).toBe('/v1/internal/cache/get');
    expect(backend.requests[0]?.options.query).toEqual({ cacheNameLike: 'a', x: '1' });
  });

  it('warns on stderr when no call of the contract matches, and sends it anyway', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'DELETE', '/no/such/call', noOptions);
    expect(deps.terminal.err()).toBe('warning: DELETE /no/such/call matches no call of the contract; sending it as given\n');
    expect(backend.requests).toHaveLength(1);
  });

  it('reads the JSON body from a file or from stdin', async () => {
    const backend = fakeBackend({ request: () => undefined });
    const deps = testDependencies({
      backend,
      config: signedInConfig(),
      files: { 'body.json': '{"a":1}' },
      terminal: fakeTerminal({ stdin: '{"b":[2]}' }),
    });
    await apiCall(testContext(deps), 'POST', '/x', { ...noOptions, input: 'body.json' });
    await apiCall(testContext(deps), 'POST', '/x', { ...noOptions, input: '-' });
    expect(backend.requests.map((r) => r.options.body)).toEqual([{ a: 1 }, { b: [2] }]);
    expect(deps.terminal.out()).toBe('');
  });

  it('refuses a body that is not JSON, a missing file and a bad method before calling', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig(), files: { 'bad.json': '{' } });
    const context = testContext(deps);
    await expect(apiCall(context, 'POST', '/x', { ...noOptions, input: 'bad.json' })).rejects.toThrow(UsageError);
    await expect(apiCall(context, 'POST', '/x', { ...noOptions, input: 'missing.json' })).rejects.toThrow(UsageError);
    await expect(apiCall(context, 'FETCH', '/x', noOptions)).rejects.toThrow(UsageError);
    await expect(apiCall(context, 'GET', 'x', noOptions)).rejects.toThrow(UsageError);
    await expect(apiCall(context, 'GET', '/x', { ...noOptions, query: ['novalue'] })).rejects.toThrow(UsageError);
    expect(backend.requests).toHaveLength(0);
  });

  it('--paginate walks every page from 0 and prints one array of all content', async () => {
    const backend = pagedBackend(7);
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'GET', '/v1/internal/errors', { ...noOptions, query: ['size=3', 'page=5'], paginate: true });
    expect(backend.requests.map((r) => r.options.query?.['page'])).toEqual(['0', '1', '2']);
    expect(JSON.parse(deps.terminal.out())).toEqual(Array.from({ length: 7 }, (_, n) => ({ n })));
  });

  it('--paginate on an empty list prints an empty array after one request', async () => {
    const backend = pagedBackend(0);
    const deps = testDependencies({ backend, config: signedInConfig() });
    await apiCall(testContext(deps), 'GET', '/v1/internal/errors', { ...noOptions, paginate: true });
    expect(backend.requests).toHaveLength(1);
    expect(deps.terminal.out()).toBe('[]\n');
  });

  it('--paginate refuses an answer that is not a page', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => [1, 2] }), config: signedInConfig() });
    await expect(apiCall(testContext(deps), 'GET', '/users/me', { ...noOptions, paginate: true })).rejects.toThrow(CliError);
  });

  it('writes a binary answer as bytes', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const deps = testDependencies({ backend: fakeBackend({ request: () => bytes }), config: signedInConfig() });
    await apiCall(testContext(deps), 'GET', '/files/{filename}', { ...noOptions, params: ['filename=a.pdf'] });
    expect(deps.terminal.out()).toBe('%PDF');
  });

  it('needs a signed-in profile', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => ({}) }) });
    await expect(apiCall(testContext(deps), 'GET', '/users/me', noOptions)).rejects.toThrow(NotSignedInError);
  });

  it('sends -H headers and --idempotency-key, on every page of --paginate too', async () => {
    const backend = fakeBackend({ request: () => ({ id: 'w-1' }) });
    const deps = testDependencies({ backend, config: signedInConfig(), files: { 'w.json': '{}' } });
    await apiCall(testContext(deps), 'POST', '/x', {
      ...noOptions,
      input: 'w.json',
      headers: ['x-request-source: nightly', 'Accept-Language:ar'],
      idempotencyKey: 'batch-7',
    });
    expect(backend.requests[0]?.options.headers).toEqual({ 'X-Request-Source': 'nightly', 'Accept-Language': 'ar', 'Idempotency-Key': 'batch-7' });

    const paged = pagedBackend(3);
    const pagedDeps = testDependencies({ backend: paged, config: signedInConfig() });
    await apiCall(testContext(pagedDeps), 'GET', '/v1/internal/errors', { ...noOptions, query: ['size=2'], paginate: true, headers: ['X-A: 1'] });
    expect(paged.requests.map((r) => r.options.headers)).toEqual([{ 'X-A': '1' }, { 'X-A': '1' }]);
  });

  it('refuses a header without a name, an empty key, and a key given twice, before calling', async () => {
    expect(() => parseHeaders(['no colon'])).toThrow(UsageError);
    expect(() => parseHeaders([': v'])).toThrow(UsageError);
    expect(() => parseHeaders(['Bad Name: v'])).toThrow(UsageError);
    expect(() => parseHeaders([], ' ')).toThrow(UsageError);
    expect(() => parseHeaders(['idempotency-key: a'], 'b')).toThrow(/not both/);
    // One casing per name, so a -H replaces the header the client sets instead of joining it.
    expect(parseHeaders(['idempotency-key: a', 'IDEMPOTENCY-KEY: b'])).toEqual({ 'Idempotency-Key': 'b' });
    expect(parseHeaders(['X-Note: a: b'])).toEqual({ 'X-Note': 'a: b' });
  });

  it('builds its own command: repeatable -H and --idempotency-key reach the call', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    const command = newApiCommand(() => testContext(deps)).exitOverride();
    await command.parseAsync(['get', '/users/me', '-H', 'X-A: 1', '-H', 'X-B: 2', '--idempotency-key', 'k-1'], { from: 'user' });
    expect(backend.requests[0]?.options.headers).toEqual({ 'X-A': '1', 'X-B': '2', 'Idempotency-Key': 'k-1' });
  });
});

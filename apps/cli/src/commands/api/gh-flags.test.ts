import { describe, expect, it } from 'vitest';
import { run } from '../../cli.ts';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testDependencies } from '../../testing/test-context.ts';

const argv = (...args: string[]) => ['node', 'corridor', ...args];

function echoing(answer: unknown = { ok: true }) {
  const backend = fakeBackend({ request: () => answer });
  return { backend, deps: testDependencies({ backend, config: signedInConfig(), files: { 'note.txt': 'line one\n' } }) };
}

describe('api -X and the positional method', () => {
  it('takes the method from -X, from the first argument, or GET by default', async () => {
    const { backend, deps } = echoing();
    expect(await run(argv('api', '-X', 'delete', '/x/1'), deps)).toBe(0);
    expect(await run(argv('api', 'PUT', '/x/2'), deps)).toBe(0);
    expect(await run(argv('api', '/users/me'), deps)).toBe(0);
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /x/1', 'PUT /x/2', 'GET /users/me']);
  });

  it('refuses a method given twice', async () => {
    const { backend, deps } = echoing();
    expect(await run(argv('api', '-X', 'POST', 'GET', '/x'), deps)).toBe(2);
    expect(deps.terminal.err()).toContain('give the method once');
    expect(backend.requests).toHaveLength(0);
  });
});

describe('api -f and -F', () => {
  it('builds a JSON body: -f strings, -F typed (whole numbers, true/false/null, @file), POST by default', async () => {
    const { backend, deps } = echoing();
    const code = await run(
      argv(
        'api',
        '/v1/things',
        '-f',
        'name=Payroll',
        '-F',
        'count=3',
        '-F',
        'amount=10.50',
        '-F',
        'on=true',
        '-F',
        'gone=null',
        '-f',
        'raw=42',
        '-F',
        'note=@note.txt',
      ),
      deps,
    );
    expect(code).toBe(0);
    expect(backend.requests[0]).toMatchObject({ method: 'POST', path: '/v1/things' });
    expect(backend.requests[0]?.options.body).toEqual({ name: 'Payroll', count: 3, amount: '10.50', on: true, gone: null, raw: '42', note: 'line one\n' });
  });

  it('nests a[b] and lists a[] in the order typed across -f and -F', async () => {
    const { backend, deps } = echoing();
    expect(
      await run(
        argv('api', '-X', 'PATCH', '/v1/x', '-F', 'ids[]=1', '-f', 'ids[]=two', '-F', 'ids[]=3', '-f', 'limits[daily]=100', '-F', 'limits[on]=false'),
        deps,
      ),
    ).toBe(0);
    expect(backend.requests[0]?.options.body).toEqual({ ids: [1, 'two', 3], limits: { daily: '100', on: false } });
  });

  it('sends fields as the query of a GET, and beside a body from --input', async () => {
    const { backend, deps } = echoing();
    const withInput = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ stdin: '{"a":1}' }) });
    expect(await run(argv('api', 'GET', '/v1/internal/errors', '-F', 'size=50', '-f', 'codes[]=A', '-f', 'codes[]=B'), deps)).toBe(0);
    expect(backend.requests[0]?.options).toMatchObject({ query: { size: '50', codes: ['A', 'B'] }, body: undefined });
    expect(await run(argv('api', '-X', 'PUT', '/v1/x', '--input', '-', '-f', 'dryRun=yes'), withInput)).toBe(0);
    expect(backend.requests[1]?.options).toMatchObject({ query: { dryRun: 'yes' }, body: { a: 1 } });
  });

  it('refuses a field without =, a bad key, a missing @file and a nested query key, before calling', async () => {
    for (const args of [
      ['-f', 'novalue'],
      ['-f', 'a]b=1'],
      ['-F', 'x=@missing.txt'],
      ['-X', 'GET', '-f', 'a[b]=1'],
      ['-f', 'a=1', '-f', 'a[b]=2'],
    ]) {
      const { backend, deps } = echoing();
      expect(await run(argv('api', '/v1/x', ...args), deps), args.join(' ')).toBe(2);
      expect(backend.requests, args.join(' ')).toHaveLength(0);
    }
  });
});

describe('api -i and --verbose', () => {
  it('-i prints the status line and headers, then the body', async () => {
    const { deps } = echoing({ id: 'w-1' });
    expect(await run(argv('api', '/users/me', '-i'), deps)).toBe(0);
    expect(deps.terminal.out()).toBe('HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\n  "id": "w-1"\n}\n');
  });

  it('-i prints the head of a refused call on stdout and the error on stderr', async () => {
    const backend = fakeBackend({
      request: () => {
        throw apiError(404, 'NOT_FOUND', 'No such thing');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    expect(await run(argv('api', '/v1/x/9', '-i'), deps)).toBe(5);
    expect(deps.terminal.out()).toBe('HTTP/1.1 404 NOT_FOUND\nContent-Type: application/json\n\n');
    expect(deps.terminal.err()).toContain('error: HTTP 404 NOT_FOUND - No such thing');
  });

  it('-i cannot go with --json or --paginate', async () => {
    const { backend, deps } = echoing();
    expect(await run(argv('--json', 'api', '/users/me', '-i'), deps)).toBe(2);
    expect(await run(argv('api', '/v1/internal/errors', '-i', '--paginate'), deps)).toBe(2);
    expect(backend.requests).toHaveLength(0);
  });

  it('--verbose traces the request and the answer on stderr with the token masked, and leaves stdout the body', async () => {
    const { deps } = echoing({ ok: 1 });
    expect(await run(argv('api', '-X', 'POST', '/v1/x', '-f', 'name=a', '-f', 'password=hunter2', '--verbose'), deps)).toBe(0);
    expect(deps.terminal.err()).toBe(
      [
        'warning: POST /v1/x matches no call of the contract; sending it as given',
        '> POST http://backend.test/v1/x',
        '> Accept: application/json',
        '> Authorization: Bearer ***',
        '> Content-Type: application/json',
        '>',
        '{"name":"a","password":"***"}',
        '< HTTP/1.1 200 OK',
        '< Content-Type: application/json',
        '<',
        '',
      ].join('\n'),
    );
    expect(deps.terminal.err()).not.toContain('token-abc');
    expect(deps.terminal.err()).not.toContain('hunter2');
    expect(deps.terminal.out()).toBe('{\n  "ok": 1\n}\n');
  });
});

describe('api --jq', () => {
  const page = {
    content: [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ],
    page: 0,
    size: 2,
    totalElements: 2,
    totalPages: 1,
  };

  it('prints one result per line, strings without quotes, objects as compact JSON', async () => {
    const { deps } = echoing(page);
    expect(await run(argv('api', '/v1/x', '--jq', '.content[].id'), deps)).toBe(0);
    expect(deps.terminal.out()).toBe('a\nb\n');
    const objects = echoing(page);
    expect(await run(argv('api', '/v1/x', '--jq', '.content[] | {n}'), objects.deps)).toBe(0);
    expect(objects.deps.terminal.out()).toBe('{"n":1}\n{"n":2}\n');
  });

  it('filters the whole array of --paginate', async () => {
    const { deps } = echoing(page);
    expect(await run(argv('api', '/v1/internal/errors', '--paginate', '--jq', 'length'), deps)).toBe(0);
    expect(deps.terminal.out()).toBe('2\n');
  });

  it('refuses a filter that does not compile before sending anything, and --jq with --json', async () => {
    const { backend, deps } = echoing(page);
    expect(await run(argv('api', '-X', 'POST', '/v1/x', '-f', 'a=1', '--jq', '.content[] | bogus('), deps)).toBe(2);
    expect(deps.terminal.err()).toContain('--jq .content[] | bogus(: jq: error: syntax error');
    expect(await run(argv('--json', 'api', '/v1/x', '--jq', '.id'), deps)).toBe(2);
    expect(backend.requests).toHaveLength(0);
  });

  it('fails with exit 1 when the filter does not fit the answer', async () => {
    const { deps } = echoing('text');
    expect(await run(argv('api', '/v1/x', '--jq', '.a'), deps)).toBe(1);
    expect(deps.terminal.err()).toContain('Cannot index string');
  });
});

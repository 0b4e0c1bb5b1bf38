import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency.ts';

describe('an idempotent request’s digest', () => {
  it('is the same for the same request in another key order, and differs with any value or the call', async () => {
    const body = { amount: { amount: '10.00', currency: 'USD' }, lines: [{ a: 1, b: 2 }], note: null };
    const reordered = { note: null, lines: [{ b: 2, a: 1 }], amount: { currency: 'USD', amount: '10.00' } };
    expect(await requestHash('payments.create', body)).toBe(await requestHash('payments.create', reordered));
    expect(await requestHash('payments.create', { ...body, note: 'x' })).not.toBe(await requestHash('payments.create', body));
    expect(await requestHash('payments.create', { ...body, lines: [{ a: 2, b: 1 }] })).not.toBe(await requestHash('payments.create', body));
    expect(await requestHash('payments.update', body)).not.toBe(await requestHash('payments.create', body));
  });

  it('reads a file by its bytes, type and name', async () => {
    const file = (text: string, name = 'a.csv') => new File([text], name, { type: 'text/csv' });
    const digest = (f: File) => requestHash('massPayments.upload', { body: { file: f, kind: 'csv' } });
    expect(await digest(file('a,b\n1,2'))).toBe(await digest(file('a,b\n1,2')));
    expect(await digest(file('a,b\n1,3'))).not.toBe(await digest(file('a,b\n1,2')));
    expect(await digest(file('a,b\n1,2', 'b.csv'))).not.toBe(await digest(file('a,b\n1,2')));
  });

  it("does not depend on the server process's locale", async () => {
    // Lithuanian collation puts `y` between `i` and `j`: a digest ordered by the process's locale would differ.
    const body = { y: 1, j: { yy: 2, ja: 3 }, i: [{ y: 4, jj: 5 }] };
    const script = `import { requestHash } from './src/http/idempotency.ts'; console.log(await requestHash('c', ${JSON.stringify(body)}));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, LC_ALL: 'lt_LT.UTF-8', LANG: 'lt_LT.UTF-8' },
    });
    expect(stdout.trim()).toBe(await requestHash('c', body));
  }, 30_000);
});

import { readFileSync } from 'node:fs';
import { ApiError } from '@corridor/api';
import { describe, expect, it } from 'vitest';
import { run } from '../../cli.ts';
import { UsageError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { ratesImport } from './import.ts';

const xml = readFileSync(new URL('../../../../server/src/rates/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const answer = { rateProviderId: 'ECB', asOf: '2026-03-13T15:00:00.000Z', currencies: 30, ratesStored: 31, dealsUpdated: 1 };

describe('rates import', () => {
  it('sends the file as it is to the import call and prints what was stored', async () => {
    const backend = fakeBackend({ request: () => answer });
    const deps = testDependencies({ backend, config: signedInConfig(), files: { 'eurofxref-daily.xml': xml } });
    await ratesImport(testContext(deps), 'eurofxref-daily.xml');
    expect(backend.requests[0]).toMatchObject({ callId: 'rates.import', method: 'POST', path: '/v1/internal/rates/import' });
    const sent = (backend.requests[0]?.options.body as { file: Blob }).file;
    expect(await sent.text()).toBe(xml);
    expect(deps.terminal.out()).toBe('ECB\t2026-03-13T15:00:00.000Z\t30\t31\t1\n');
    expect(deps.terminal.err()).toBe('Imported 31 ECB rates of 2026-03-13T15:00:00.000Z; 1 deal IBRs updated.\n');
  });

  it('prints the answer as JSON with --json', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => answer }), config: signedInConfig(), files: { 'f.xml': xml } });
    await ratesImport(testContext(deps, { json: true }), 'f.xml');
    expect(JSON.parse(deps.terminal.out())).toEqual(answer);
  });

  it('is a usage error when the file cannot be read, and calls nothing', async () => {
    const backend = fakeBackend({ request: () => answer });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await expect(ratesImport(testContext(deps), 'missing.xml')).rejects.toThrow(UsageError);
    expect(backend.requests).toHaveLength(0);
  });

  it("passes the server's refusal of a bad file on", async () => {
    const backend = fakeBackend({
      request: () => {
        throw apiError(400, 'VALIDATION_FAILED');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig(), files: { 'bad.xml': '<rates/>' } });
    await expect(ratesImport(testContext(deps), 'bad.xml')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  });

  it('exits non-zero with the line the server names when it refuses the file, and imports nothing', async () => {
    // The server reads the file with an XML parser and refuses it whole (rates.import answers 400).
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The file is not an ECB reference rates file',
      invalidParameters: [{ parameter: 'file', message: 'line 14: rate "0,8542" of GBP: use a dot for decimals and no thousands separators, e.g. 1250.50' }],
      traceId: 'trace-1',
    });
    const bad = xml.replace("rate='0.85420'", "rate='0,8542'");
    const refusing = () =>
      fakeBackend({
        request: () => {
          throw refusal;
        },
      });
    const deps = testDependencies({ backend: refusing(), config: signedInConfig(), files: { 'bad.xml': bad } });
    expect(await run(['node', 'corridor', 'rates', 'import', 'bad.xml'], deps)).toBe(ExitCode.validation);
    expect(deps.terminal.out()).toBe('');
    expect(deps.terminal.err()).toContain('file: line 14: rate "0,8542" of GBP');

    const json = testDependencies({ backend: refusing(), config: signedInConfig(), files: { 'bad.xml': bad } });
    expect(await run(['node', 'corridor', '--json', 'rates', 'import', 'bad.xml'], json)).toBe(ExitCode.validation);
    expect(JSON.parse(json.terminal.out())).toMatchObject({ error: { code: 'VALIDATION_FAILED', exitCode: 6, invalidParameters: [{ parameter: 'file' }] } });
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../errors.ts';
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
});

import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../testing/fake-api.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { errorsList } from './list.ts';

const codes = [
  { code: 'NOT_FOUND', httpStatus: 404, message: 'Not found' },
  { code: 'UNAUTHORIZED', httpStatus: 401, message: 'Sign in first' },
  { code: 'VALIDATION_FAILED', httpStatus: 400, message: 'Invalid input' },
];

describe('errors', () => {
  it('reads every page of /v1/internal/errors and prints one line per code', async () => {
    const backend = fakeBackend({
      request: (_m, _p, options) => {
        const page = Number(options.query?.['page']);
        // Two per page regardless of the size asked, so the walk must follow totalPages.
        return { content: codes.slice(page * 2, page * 2 + 2), page, size: 2, totalElements: 3, totalPages: 2 };
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await errorsList(testContext(deps));
    expect(backend.requests.map((r) => r.path)).toEqual(['/v1/internal/errors', '/v1/internal/errors']);
    expect(deps.terminal.out()).toBe('NOT_FOUND\t404\tNot found\nUNAUTHORIZED\t401\tSign in first\nVALIDATION_FAILED\t400\tInvalid input\n');
  });

  it('prints the codes as a JSON array with --json', async () => {
    const backend = fakeBackend({ request: () => ({ content: codes, page: 0, size: 500, totalElements: 3, totalPages: 1 }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await errorsList(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual(codes);
  });
});

import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse } from './api-error.ts';
import { errorBody } from './schemas/common.ts';

describe('apiErrorFromResponse', () => {
  const bodies: unknown[] = [
    { code: 'WALLET_BLOCKED', message: 'Blocked', invalidParameters: [{ parameter: 'walletId', message: 'blocked' }], traceId: 't-1' },
    { code: 'ONLY_CODE' },
    { code: 42, message: 'a number code spoils the whole body' },
    { message: 'x', invalidParameters: [{ parameter: 'a' }] },
    { traceId: 't-2', extra: true },
    [],
    'text',
    null,
  ];

  it('reads the error body by the same rule as the contract schema (each field optional, a wrong one voids all)', () => {
    for (const body of bodies) {
      const error = apiErrorFromResponse(400, 'Bad Request', JSON.stringify(body), 'header-trace');
      const parsed = errorBody.partial().safeParse(body);
      const data = parsed.success ? parsed.data : {};
      expect(error.toBody()).toEqual({
        code: data.code ?? 'HTTP_400',
        message: data.message ?? 'Bad Request',
        invalidParameters: data.invalidParameters ?? [],
        traceId: data.traceId ?? 'header-trace',
      });
    }
  });

  it('keeps a body that is not JSON as the message', () => {
    const error = apiErrorFromResponse(502, 'Bad Gateway', '<html>down</html>', null);
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toBe('<html>down</html>');
  });
});

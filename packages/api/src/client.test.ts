import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createClient, newIdempotencyKey } from './client.ts';
import type { CallOutput } from './client.ts';
import type { Contract } from './contract.ts';
import type { CurrentUser } from './contract/users.ts';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers with the given responses in turn. */
function fakeFetch(...answers: Array<Response | ((init: RequestInit) => Promise<Response>)>) {
  const seen: Seen[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    seen.push({
      url: String(url),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    const answer = answers.shift() ?? new Response('{}', { status: 200 });
    return typeof answer === 'function' ? answer(init) : answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const demoClient = { id: 'corridor-portal', secret: 'corridor-portal-demo-secret' };

describe('client header rules', () => {
  it('sends no Authorization on a URL containing api/auth, even with a token', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    const client = createClient({ roots: { auth: 'https://idp.example/api/auth' }, getToken: () => 't0k', fetch });
    await client.call('users.me');
    expect(seen[0]!.url).toBe('https://idp.example/api/auth/users/me');
    expect(seen[0]!.headers.Authorization).toBeUndefined();
  });

  it('sends the token as Bearer', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    const client = createClient({ baseUrl: 'http://h', getToken: async () => 'abc', clientCredentials: demoClient, fetch });
    await client.call('users.me');
    expect(seen[0]!.headers.Authorization).toBe('Bearer abc');
  });

  it('sends the client credentials as Basic when there is no token', async () => {
    const { fetch, seen } = fakeFetch(json({ access_token: 'x', token_type: 'bearer', expires_in: 1 }));
    const client = createClient({ baseUrl: 'http://h', getToken: () => undefined, clientCredentials: demoClient, fetch });
    await client.call('users.tokenPost', { body: { grant_type: 'password', username: '900000001', password: 'p w' } });
    const expected = `Basic ${Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64')}`;
    expect(seen[0]!.headers.Authorization).toBe(expected);
    expect(seen[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('grant_type=password&username=900000001&password=p+w');
  });

  it('sends nothing, and fails as a call without an answer, when the token cannot be had for the line', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    const failures: { code: string; path: string }[] = [];
    const client = createClient({
      baseUrl: 'http://h',
      getToken: () => Promise.reject(new Error('renewal got no answer')),
      clientCredentials: demoClient,
      fetch,
      onError: (err, request) => failures.push({ code: err.code, path: request.path }),
    });
    await expect(client.call('users.me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'renewal got no answer' });
    expect(seen).toEqual([]);
    expect(failures).toEqual([{ code: 'NETWORK_ERROR', path: '/users/me' }]);
  });

  it('sends nothing when it has neither token nor credentials', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    await createClient({ baseUrl: 'http://h', fetch }).call('users.me');
    expect(seen[0]!.headers.Authorization).toBeUndefined();
  });
});

describe('client requests', () => {
  it('puts an Idempotency-Key on creating calls only', async () => {
    const { fetch, seen } = fakeFetch(json({}), json({}), json({ content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 }));
    const client = createClient({ baseUrl: 'http://h', fetch });
    const body = { walletId: 'w1', receiver: { name: 'R', countryCode: 'DE' }, sendAmount: '10.00' };
    await client.call('merchantPayments.create', { body });
    await client.call('merchantPayments.create', { body, idempotencyKey: 'fixed-key' });
    await client.call('merchantPayments.list');
    expect(seen[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.headers['Idempotency-Key']).toBe('fixed-key');
    expect(seen[2]!.headers['Idempotency-Key']).toBeUndefined();
    expect(seen[0]!.method).toBe('POST');
    expect(JSON.parse(seen[0]!.body as string)).toEqual(body);
  });

  it('serialises query arrays as repeated keys and leaves undefined out', async () => {
    const { fetch, seen } = fakeFetch(json({ content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 }));
    const client = createClient({ roots: { merchantPayments: 'http://pay/' }, baseUrl: 'http://other', fetch });
    await client.call('merchantPayments.list', {
      query: { merchantIds: ['m1', 'm 2'], status: undefined, page: 2, sort: ['createdAt,DESC'] },
    });
    expect(seen[0]!.url).toBe('http://pay/m/api/v1/transactions/payments?merchantIds=m1&merchantIds=m+2&page=2&sort=createdAt%2CDESC');
  });

  it('fills and encodes path parameters, and refuses a missing one', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    const client = createClient({ baseUrl: 'http://h', fetch });
    await client.call('merchantProfiles.spGetByPair', { path: { merchantServiceId: 'a/b', serviceProviderId: 's1' } });
    expect(seen[0]!.url).toBe('http://h/v1/service-provider/merchant-profiles/a%2Fb/s1');
    await expect(client.call('users.spGet', { path: { id: '' } })).rejects.toThrow(/path parameter id/);
  });

  it('answers undefined for 204 and bytes for binary calls', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const { fetch } = fakeFetch(new Response(null, { status: 204 }), new Response(bytes, { status: 200 }));
    const client = createClient({ baseUrl: 'http://h', fetch });
    await expect(client.call('users.spDelete', { path: { id: 'u1' } })).resolves.toBeUndefined();
    const file = await client.call('files.download', { path: { filename: 'a.pdf' } });
    expect(file).toBeInstanceOf(Uint8Array);
    expect([...file]).toEqual([1, 2, 3]);
  });

  it('sends multipart bodies as FormData without its own content type', async () => {
    const { fetch, seen } = fakeFetch(json({}));
    const client = createClient({ baseUrl: 'http://h', fetch });
    await client.call('files.upload', { query: { category: 'KYC', for: 'm1' }, body: { file: new Blob(['hello']) } });
    expect(seen[0]!.body).toBeInstanceOf(FormData);
    expect(seen[0]!.headers['Content-Type']).toBeUndefined();
    expect(seen[0]!.headers['Idempotency-Key']).toBeDefined();
    const sent = (seen[0]!.body as FormData).get('file') as Blob;
    expect(await sent.text()).toBe('hello');
  });

  it('routes request() by the matching definition, literal segments first', async () => {
    const { fetch, seen } = fakeFetch(json({}), json({}), json({}));
    const client = createClient({ roots: { merchant: 'http://merchant', spWallet: 'http://spw' }, baseUrl: 'http://base', fetch });
    await client.request('GET', '/v1/service-provider/fees?x=1&x=2');
    await client.request('GET', '/v1/service-provider/sp-9/banks');
    await client.request('GET', '/not/in/contract');
    expect(seen.map((s) => s.url)).toEqual([
      'http://merchant/v1/service-provider/fees?x=1&x=2',
      'http://spw/v1/service-provider/sp-9/banks',
      'http://base/not/in/contract',
    ]);
  });
});

describe('ApiError', () => {
  it('carries the error body of the server', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      invalidParameters: [{ parameter: 'walletId', message: 'walletId is required' }],
      traceId: 'trace-1',
    };
    const errors: ApiError[] = [];
    const requests: Array<{ method: string; path: string }> = [];
    const { fetch } = fakeFetch(json(body, 400));
    const client = createClient({
      baseUrl: 'http://h',
      fetch,
      onError: (e, request) => {
        errors.push(e);
        requests.push(request);
      },
    });
    const err = await client.call('users.me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).toBody()).toEqual(body);
    expect((err as ApiError).status).toBe(400);
    expect(errors).toEqual([err]);
    // The handler learns which call failed: a change that got no answer is told apart from a read.
    expect(requests).toEqual([{ method: 'GET', path: '/users/me' }]);
  });

  it('falls back to HTTP_<status> for a body that is not the error body, taking the trace id header', async () => {
    const { fetch } = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-trace-id': 't-9' } }));
    const err = (await createClient({ baseUrl: 'http://h', fetch })
      .call('users.me')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('HTTP_502');
    expect(err.traceId).toBe('t-9');
    expect(err.message).toContain('Bad gateway');
  });

  it('is NETWORK_ERROR when fetch itself fails', async () => {
    const fetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch;
    const err = (await createClient({ baseUrl: 'http://h', fetch })
      .call('users.me')
      .catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.status).toBe(0);
  });

  it('is TIMEOUT when no answer comes in time, ABORTED when the caller aborts', async () => {
    // Like fetch: rejects at once on an aborted signal, else when the signal aborts.
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        if (init.signal?.aborted) reject(init.signal.reason);
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { fetch } = fakeFetch(hang, hang);
    const client = createClient({ baseUrl: 'http://h', fetch, timeoutMs: 20 });
    const timedOut = (await client.call('users.me').catch((e: unknown) => e)) as ApiError;
    expect(timedOut.code).toBe('TIMEOUT');
    const controller = new AbortController();
    const pending = client.call('users.me', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as ApiError).code).toBe('ABORTED');
  });
});

describe('newIdempotencyKey', () => {
  it('makes v4 UUIDs also where crypto.randomUUID is missing (plain http pages)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('types', () => {
  it('types answers from the response schemas', () => {
    expectTypeOf<CallOutput<Contract['users.me']>>().toEqualTypeOf<CurrentUser>();
    expectTypeOf<CallOutput<Contract['files.download']>>().toExtend<Uint8Array>();
  });
});

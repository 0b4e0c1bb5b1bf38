import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { createOAuthClient } from './oauth-client.ts';

interface Sent {
  url: string;
  init: RequestInit;
  form: Record<string, string>;
}

function fakeFetch(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Sent = {
      url: String(input),
      init: init ?? {},
      form: Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))),
    };
    sent.push(request);
    return answer(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

const client = { id: 'corridor-portal', secret: 's3cret' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('OAuth calls of the portal', () => {
  it('the password grant asks for the refresh token as a cookie, with the client Basic credentials', async () => {
    const { fetch, sent } = fakeFetch(() => json({ access_token: 'a1', token_type: 'bearer', expires_in: 900, refresh_expires_in: 2_592_000 }));
    const grant = await createOAuthClient({ root: 'https://api.example/', client, fetch }).passwordGrant('100000001', 'pw');
    expect(grant).toEqual({ accessToken: 'a1', expiresIn: 900 });
    expect(sent[0]!.url).toBe('https://api.example/oauth/token');
    expect(sent[0]!.form).toEqual({
      grant_type: 'password',
      username: '100000001',
      password: 'pw',
      refresh_token_transport: 'cookie',
    });
    const headers = new Headers(sent[0]!.init.headers);
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('corridor-portal:s3cret')}`);
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(sent[0]!.init.credentials).toBe('include');
    expect(sent[0]!.init.method).toBe('POST');
  });

  it('the refresh grant sends no refresh token field: the server reads its HttpOnly cookie', async () => {
    const { fetch, sent } = fakeFetch(() => json({ access_token: 'a2', token_type: 'bearer', expires_in: 900 }));
    const grant = await createOAuthClient({ root: 'https://api.example', client, fetch }).refreshGrant();
    expect(grant).toEqual({ accessToken: 'a2', expiresIn: 900 });
    expect(sent[0]!.form).toEqual({ grant_type: 'refresh_token', refresh_token_transport: 'cookie' });
    expect(sent[0]!.init.credentials).toBe('include');
  });

  it('a refused refresh cookie is an ApiError 401 INVALID_GRANT', async () => {
    const { fetch } = fakeFetch(() => json({ code: 'INVALID_GRANT', message: 'The refresh token is not valid', invalidParameters: [], traceId: 't-1' }, 401));
    const error = await createOAuthClient({ root: '', client, fetch })
      .refreshGrant()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_GRANT', traceId: 't-1' });
  });

  it('no answer is a network error (the session then starts offline)', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await createOAuthClient({ root: '', client, fetch })
      .refreshGrant()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('an answer without a lifetime gives a grant without one', async () => {
    const { fetch } = fakeFetch(() => json({ access_token: 'a3', token_type: 'bearer' }));
    expect(await createOAuthClient({ root: '', client, fetch }).refreshGrant()).toEqual({ accessToken: 'a3', expiresIn: null });
  });

  it('an answer without an access token is refused', async () => {
    const { fetch } = fakeFetch(() => json({ token_type: 'bearer' }));
    await expect(createOAuthClient({ root: '', client, fetch }).refreshGrant()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('logout revokes the session of the cookie: POST /oauth/revoke with no token field', async () => {
    const { fetch, sent } = fakeFetch(() => json({}));
    await createOAuthClient({ root: 'https://api.example', client, fetch }).revoke();
    expect(sent[0]!.url).toBe('https://api.example/oauth/revoke');
    expect(sent[0]!.form).toEqual({});
    expect(new Headers(sent[0]!.init.headers).get('Authorization')).toMatch(/^Basic /);
    expect(sent[0]!.init.credentials).toBe('include');
  });

  it('a slow refresh grant is not cut short (its answer carries the rotated cookie)', async () => {
    vi.useFakeTimers();
    try {
      let aborted = false;
      const { fetch } = fakeFetch(
        ({ init }) =>
          new Promise<Response>((resolve) => {
            init.signal?.addEventListener('abort', () => (aborted = true));
            setTimeout(() => resolve(json({ access_token: 'slow', token_type: 'bearer', expires_in: 900 })), 120_000);
          }),
      );
      const grant = createOAuthClient({ root: '', client, fetch, timeoutMs: 30_000 }).refreshGrant();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(aborted).toBe(false);
      await expect(grant).resolves.toEqual({ accessToken: 'slow', expiresIn: 900 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a revocation without an answer gives up after its time-out', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = fakeFetch(
        ({ init }) =>
          new Promise<Response>((_, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const outcome = createOAuthClient({ root: '', client, fetch })
        .revoke({ timeoutMs: 5000 })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5000);
      expect(await outcome).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });
});

import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNetworkFailure } from './network-failure.ts';
import { HttpApiError, createHttpCorridorApi } from './http-corridor-api.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let root: string;
const seen: Seen[] = [];

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/oauth/token') {
      const form = new URLSearchParams(body);
      if (form.get('password') !== 'Corridor2026') {
        json(response, 400, { code: 'INVALID_CREDENTIALS', message: 'Wrong ID or password', invalidParameters: [], traceId: 't-1' });
        return;
      }
      json(response, 200, { access_token: 'jwt-1', token_type: 'bearer', expires_in: 2592000 });
      return;
    }
    if (url.pathname === '/users/me') {
      json(response, 200, {
        id: 'u1', digit9Id: '900000001', name: 'Operations Admin', role: 'ADMIN',
        parentId: null, organisationType: 'INTERNAL', status: 'ACTIVE',
      });
      return;
    }
    if (url.pathname === '/empty') {
      response.writeHead(204);
      response.end();
      return;
    }
    if (url.pathname === '/bytes') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.from([1, 2, 3]));
      return;
    }
    if (url.pathname === '/echo') {
      json(response, 200, { query: url.search, body: body === '' ? null : JSON.parse(body) });
      return;
    }
    response.writeHead(502, { 'content-type': 'text/html', 'x-trace-id': 'proxy-9' });
    response.end('<html>Bad gateway</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createHttpCorridorApi', () => {
  it('sends the password grant as a form with Basic client credentials', async () => {
    const api = createHttpCorridorApi({ apiRoot: root, clientCredentials: { id: 'corridor-portal', secret: 's3cret' } });
    expect(await api.passwordGrant('900000001', 'Corridor2026')).toEqual({ accessToken: 'jwt-1', expiresIn: 2592000 });
    const grant = seen.at(-1);
    expect(grant?.method).toBe('POST');
    expect(grant?.url).toBe('/oauth/token');
    expect(grant?.authorization).toBe(`Basic ${Buffer.from('corridor-portal:s3cret').toString('base64')}`);
    expect(grant?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(grant?.body))).toEqual({
      grant_type: 'password',
      username: '900000001',
      password: 'Corridor2026',
    });
  });

  it('turns an error body into an ApiError with status, code and trace id', async () => {
    const api = createHttpCorridorApi({ apiRoot: root, clientCredentials: { id: 'a', secret: 'b' } });
    const failure = await api.passwordGrant('900000001', 'wrong').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpApiError);
    expect(failure).toMatchObject({ status: 400, code: 'INVALID_CREDENTIALS', traceId: 't-1' });
  });

  it('sends the bearer token and parses the current user', async () => {
    const api = createHttpCorridorApi({ apiRoot: `${root}/`, token: 'jwt-1' });
    expect((await api.currentUser()).name).toBe('Operations Admin');
    expect(seen.at(-1)?.authorization).toBe('Bearer jwt-1');
  });

  it('encodes repeated query values and a JSON body', async () => {
    const api = createHttpCorridorApi({ apiRoot: root, token: 't' });
    const answer = await api.request('POST', '/echo', { query: { a: ['1', '2'], b: 'x y' }, body: { n: 1 } });
    expect(answer).toEqual({ query: '?a=1&a=2&b=x+y', body: { n: 1 } });
    expect(seen.at(-1)?.contentType).toBe('application/json');
  });

  it('answers undefined for 204 and bytes for binary content', async () => {
    const api = createHttpCorridorApi({ apiRoot: root, token: 't' });
    expect(await api.request('DELETE', '/empty')).toBeUndefined();
    expect(await api.request('GET', '/bytes')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('reports a non-JSON error page with its status and the trace header', async () => {
    const api = createHttpCorridorApi({ apiRoot: root, token: 't' });
    const failure = await api.request('GET', '/other').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, code: 'HTTP_502', traceId: 'proxy-9' });
  });

  it('fails with a network failure when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createHttpCorridorApi({ apiRoot: `http://127.0.0.1:${port}`, token: 't' });
    const failure = await api.request('GET', '/users/me').catch((e: unknown) => e);
    expect(isNetworkFailure(failure)).toBe(true);
  });
});

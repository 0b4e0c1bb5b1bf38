import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@corridor/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportError } from '../error-report.ts';
import { createContractCorridorApi } from './contract-corridor-api.ts';

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

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

/** A tiny backend speaking the contract's wire format, to check what the CLI really sends. */
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
        id: 'u1',
        digit9Id: '900000001',
        name: 'Operations Admin',
        role: 'ADMIN',
        parentId: null,
        organisationType: 'INTERNAL',
        status: 'ACTIVE',
      });
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(Buffer.from('%PDF'));
      return;
    }
    if (url.pathname === '/echo') {
      json(response, 200, { query: url.search, body: body === '' ? null : JSON.parse(body) });
      return;
    }
    json(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'No such call', invalidParameters: [], traceId: 't-404' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createContractCorridorApi', () => {
  it('sends the password grant as a form body with Basic client credentials', async () => {
    const api = createContractCorridorApi({ apiRoot: root, clientCredentials: { id: 'corridor-portal', secret: 's3cret' } });
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

  it('raises an ApiError with the status, code and trace id of an error body', async () => {
    const api = createContractCorridorApi({ apiRoot: root, clientCredentials: { id: 'a', secret: 'b' } });
    const failure = await api.passwordGrant('900000001', 'wrong').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'INVALID_CREDENTIALS', traceId: 't-1' });
  });

  it('sends the bearer token and reads the current user', async () => {
    const api = createContractCorridorApi({ apiRoot: `${root}/`, token: 'jwt-1' });
    expect((await api.currentUser()).name).toBe('Operations Admin');
    expect(seen.at(-1)?.authorization).toBe('Bearer jwt-1');
  });

  it('encodes repeated query values and a JSON body on any path', async () => {
    const api = createContractCorridorApi({ apiRoot: root, token: 't' });
    const answer = await api.request('POST', '/echo', { query: { a: ['1', '2'], b: 'x y' }, body: { n: 1 } });
    expect(answer).toEqual({ query: '?a=1&a=2&b=x+y', body: { n: 1 } });
    expect(seen.at(-1)?.contentType).toBe('application/json');
  });

  it('answers bytes for a binary call of the contract', async () => {
    const api = createContractCorridorApi({ apiRoot: root, token: 't' });
    expect(await api.request('GET', '/files/a.pdf')).toEqual(new Uint8Array(Buffer.from('%PDF')));
  });

  it('maps an unknown route to exit code 5', async () => {
    const api = createContractCorridorApi({ apiRoot: root, token: 't' });
    const failure = await api.request('GET', '/nothing/here').catch((e: unknown) => e);
    expect(reportError(failure).exitCode).toBe(5);
  });

  it('maps a refused connection to exit code 8', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createContractCorridorApi({ apiRoot: `http://127.0.0.1:${port}`, token: 't' });
    const failure = await api.request('GET', '/users/me').catch((e: unknown) => e);
    const report = reportError(failure);
    expect(report.exitCode).toBe(8);
    // The URL and the socket's cause, not just "fetch failed".
    expect(report.text).toBe(
      `error: the backend is unreachable (NETWORK_ERROR - GET http://127.0.0.1:${port}/users/me: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:${port})\n`,
    );
    expect(report.body).toMatchObject({ code: 'NETWORK_ERROR', status: 0, exitCode: 8, message: expect.stringContaining(`http://127.0.0.1:${port}/users/me`) });
  });

  it('names the host that cannot be resolved', async () => {
    const api = createContractCorridorApi({ apiRoot: 'http://corridor.invalid', token: 't' });
    const failure = await api.currentUser().catch((e: unknown) => e);
    expect(reportError(failure).exitCode).toBe(8);
    expect((failure as Error).message).toMatch(/^GET http:\/\/corridor\.invalid\/users\/me: (ENOTFOUND|EAI_AGAIN) /);
  });

  it('shows each request and answer head to an observer', async () => {
    const requests: unknown[] = [];
    const heads: Array<{ status: number; headers: Array<[string, string]> }> = [];
    const api = createContractCorridorApi({
      apiRoot: root,
      token: 'jwt-1',
      observer: { request: (r) => requests.push(r), response: (h) => heads.push(h) },
    });
    await api.request('POST', '/echo', { body: { n: 1 } });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: `${root}/echo`,
        headers: expect.objectContaining({ Authorization: 'Bearer jwt-1', 'Content-Type': 'application/json' }) as unknown,
        body: '{"n":1}',
      },
    ]);
    expect(heads[0]?.status).toBe(200);
    expect(heads[0]?.headers).toContainEqual(['content-type', 'application/json']);
  });
});

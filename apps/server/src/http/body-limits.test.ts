import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// A body over its limit is refused with 413 and must not leave the connection it came on stuck: the
// server either closes that connection after answering or reads the rest of the body and answers the
// next request on it. A socket the server stopped reading but never closed stalls every client that
// keeps connections alive (a pool, the bank's HTTP client) and piles up half-open sockets.

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await s.close();
});

/** One raw keep-alive connection: everything read from it, and whether the server ended it. */
interface RawConnection {
  socket: Socket;
  received: () => string;
  /** Resolves once the server has ended (FIN) or reset the connection. */
  ended: Promise<void>;
  isEnded: () => boolean;
}

async function open(): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise<void>((done, fail) => {
    socket.once('connect', done);
    socket.once('error', fail);
  });
  let data = '';
  let over = false;
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('latin1');
  });
  // Writing after the server stopped reading may fail with EPIPE/ECONNRESET: that is the server's choice.
  socket.on('error', () => undefined);
  const ended = new Promise<void>((done) => {
    const finish = () => {
      over = true;
      done();
    };
    socket.once('end', finish);
    socket.once('close', finish);
  });
  return { socket, received: () => data, ended, isEnded: () => over };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** Complete HTTP/1.1 answers in `raw` (each with a Content-Length body). */
function answers(raw: string): { status: number; headers: Record<string, string>; body: string }[] {
  const out: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  for (;;) {
    const head = rest.indexOf('\r\n\r\n');
    if (head < 0) return out;
    const lines = rest.slice(0, head).split('\r\n');
    const status = Number(lines[0]?.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
    const length = Number(headers['content-length'] ?? '0');
    if (rest.length < head + 4 + length) return out;
    out.push({ status, headers, body: rest.slice(head + 4, head + 4 + length) });
    rest = rest.slice(head + 4 + length);
  }
}

const SECOND = 'GET /portal-config.json HTTP/1.1\r\nHost: corridor\r\nConnection: keep-alive\r\n\r\n';

/**
 * Sends `head` and a body of `size` bytes on a keep-alive connection, then a second request on it.
 * The 413 must come, and then either the server ended the connection or it answered the second request.
 */
async function oversizedThenNext(head: string, size: number, filler = 'a'): Promise<void> {
  const conn = await open();
  conn.socket.write(head);
  const chunk = filler.repeat(64 * 1024);
  for (let sent = 0; sent < size && !conn.isEnded(); sent += chunk.length) {
    const ok = conn.socket.write(chunk.slice(0, Math.min(chunk.length, size - sent)));
    if (!ok) await Promise.race([new Promise((r) => conn.socket.once('drain', r)), conn.ended, new Promise((r) => setTimeout(r, 200))]);
  }
  expect(await until(() => answers(conn.received()).length >= 1, 10_000)).toBe(true);
  const [first] = answers(conn.received());
  expect(first?.status, first?.body).toBe(413);
  const body = JSON.parse(first?.body ?? '{}') as Record<string, unknown>;
  expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', invalidParameters: expect.any(Array), traceId: expect.any(String) });
  expect(typeof body.message).toBe('string');

  if (!conn.isEnded()) conn.socket.write(SECOND);
  // Either way the connection is not left hanging: the server ends it, or it answers what came next on it.
  const settled = await until(() => conn.isEnded() || answers(conn.received()).length >= 2, 5_000);
  expect(settled, 'the connection was neither closed nor answered after the 413').toBe(true);
  if (!conn.isEnded()) {
    expect(answers(conn.received())[1]?.status).toBe(200);
  } else {
    expect(first?.headers.connection).toBe('close');
  }
  conn.socket.destroy();

  // And a new connection is answered at once.
  expect(await freshRequestStatus()).toBe(200);
}

/** One request on a new connection that asks to be closed after it (no pooled connection is left open). */
async function freshRequestStatus(): Promise<number | undefined> {
  const conn = await open();
  conn.socket.write('GET /portal-config.json HTTP/1.1\r\nHost: corridor\r\nConnection: close\r\n\r\n');
  await until(() => answers(conn.received()).length >= 1, 5_000);
  conn.socket.destroy();
  return answers(conn.received())[0]?.status;
}

/** Sockets the server holds whose client end is already gone (CLOSE-WAIT seen from the server). */
async function halfOpenServerSockets(): Promise<number> {
  const count = await new Promise<number>((done, fail) => s.app.server.getConnections((error, n) => (error ? fail(error) : done(n))));
  return count;
}

describe('bodies over their limit', () => {
  it('a bank callback over 64 KB on a kept-alive connection answers 413 and does not stall the connection', async () => {
    const size = 2 * 1024 * 1024;
    await oversizedThenNext(
      `POST /api/dbs/v1/remittance/ack HTTP/1.1\r\nHost: corridor\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
  });

  it('a bank callback over 64 KB sent chunked answers 413 and does not stall the connection', async () => {
    const conn = await open();
    conn.socket.write(
      'POST /api/dbs/v1/remittance/ack HTTP/1.1\r\nHost: corridor\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const piece = 'b'.repeat(32 * 1024);
    for (let i = 0; i < 8 && !conn.isEnded(); i++) conn.socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
    expect(await until(() => answers(conn.received()).length >= 1, 10_000)).toBe(true);
    expect(answers(conn.received())[0]?.status).toBe(413);
    if (!conn.isEnded()) conn.socket.write(`0\r\n\r\n${SECOND}`);
    expect(await until(() => conn.isEnded() || answers(conn.received()).length >= 2, 5_000)).toBe(true);
    conn.socket.destroy();
    expect(await freshRequestStatus()).toBe(200);
  });

  it('a JSON body over the server-wide limit answers 413 and does not stall the connection', async () => {
    const size = 3 * 1024 * 1024;
    await oversizedThenNext(
      `POST /m/api/v1/transactions/payments/new HTTP/1.1\r\nHost: corridor\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      size,
    );
  });

  it('an upload over 20 MB on a kept-alive connection answers 413 and does not stall the connection', async () => {
    const token = await s.token('100000001');
    const boundary = 'corridor-limit-boundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const size = 21 * 1024 * 1024;
    await oversizedThenNext(
      `POST /files?category=LIMIT HTTP/1.1\r\nHost: corridor\r\nConnection: keep-alive\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${part.length + size}\r\n\r\n${part}`,
      size,
    );
  });

  it('no connection is left open on the server once the clients have gone', async () => {
    let left = -1;
    const gone = await until(() => {
      void halfOpenServerSockets().then((n) => (left = n));
      return left === 0;
    }, 5_000);
    expect(gone, `${left} connections still open on the server`).toBe(true);
  });
});

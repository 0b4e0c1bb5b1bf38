import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let logged: FastifyInstance;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  s = await startTestServer();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  logged = (await buildServer({ db: s.services.db, config: s.config, logger: { level: 'info', stream } })).app;
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await s?.close();
});

describe('request log', () => {
  it('writes one line per request, at completion, with the redacted url, the status and the time', async () => {
    const token = await s.token('100000001');
    lines.length = 0;
    const res = await logged.inject({ method: 'GET', url: '/users/me?token=secret-value', headers: { authorization: `Bearer ${token}` } });
    const traceId = res.headers['x-trace-id'];
    const mine = lines.filter((l) => l.reqId === traceId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/users/me?token=%5BREDACTED%5D' }, res: { statusCode: 200 } });
    expect(typeof mine[0]?.responseTime).toBe('number');
    expect(JSON.stringify(mine[0])).not.toContain(token);
  });
});

import { Writable } from 'node:stream';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLink, storedFile } from '@corridor/api';
import { buildServer } from '../app.ts';
import { multipart, startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'corridor-dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Corridor</title>');
  s = await startTestServer({ pwaDist: dist, publicUrl: 'https://corridor.example.test' });
});
afterAll(async () => {
  await s.close();
  await rm(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('every answer carries a strict policy: no inline script, no framing, no sniffing, no referrer', async () => {
    for (const url of ['/', '/login', '/v1/currencies', '/no-such-call', '/portal-config.json']) {
      const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain('frame-src blob:');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends HSTS when Corridor is served over TLS, and not over plain http', async () => {
    const res = await s.get('/portal-config.json');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await startTestServer();
    try {
      expect((await plain.get('/portal-config.json')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('the reference page keeps no framing under its own policy', async () => {
    const res = await s.get('/docs');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('links the server builds', () => {
  it('use the configured public URL, never the Host header of the request', async () => {
    const token = await s.token('100000001');
    const form = new FormData();
    form.append('file', new File(['abc'], 'host.txt', { type: 'text/plain' }));
    const { payload, headers } = await multipart(form);
    const uploaded = await s.app.inject({ method: 'POST', url: '/files?category=MISC', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    const file = storedFile.parse(uploaded.json());
    const res = await s.app.inject({
      method: 'GET',
      url: `/files/${file.filename}/url`,
      headers: { authorization: `Bearer ${token}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    const link = new URL(fileLink.parse(res.json()).url);
    expect(link.origin).toBe('https://corridor.example.test');
  });
});

describe('logs', () => {
  it('never hold passwords, tokens, signatures or SQL parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { app } = await buildServer({ db: s.services.db, config: s.config, logger: { level: 'info', stream } });
    await app.ready();
    const sqlError = Object.assign(new Error('insert failed'), { query: 'insert into users values ($1, $2)', params: ['100000009', 'scrypt$16384$salt$hash'] });
    app.log.error({ err: sqlError, body: { username: '100000009', password: 'Corridor2026' } }, 'write failed');
    app.log.info({ headers: { authorization: 'Bearer eyJsecret', cookie: 'corridor_refresh=abc' }, refresh_token: 'r-secret', signature: 'sig' }, 'request');
    // Deeper, in lists, in an error's own fields and in a wrapped statement error's cause.
    app.log.warn({ batch: [{ user: { credentials: { newPassword: 'deep-secret-1' } } }], note: 'kept-visible' }, 'nested');
    const wrapped = Object.assign(new Error('query failed', { cause: Object.assign(new Error('duplicate key'), { params: ['cause-secret'] }) }), {
      token: 'field-secret',
      detail: { client_secret: 'detail-secret' },
    });
    app.log.error({ err: wrapped }, 'wrapped');
    const untouched = { body: { password: 'still-in-memory' } };
    app.log.info(untouched, 'the logged object itself is not changed');
    await app.inject({ method: 'GET', url: '/public/files/x.txt?token=link-secret&user=u&ttl=1' });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('write failed');
    expect(text).toContain('insert into users');
    for (const secret of [
      'Corridor2026',
      'scrypt$16384',
      'eyJsecret',
      'corridor_refresh=abc',
      'r-secret',
      '"sig"',
      'link-secret',
      'deep-secret-1',
      'cause-secret',
      'field-secret',
      'detail-secret',
      'still-in-memory',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('kept-visible');
    expect(text).toContain('duplicate key');
    expect(untouched.body.password).toBe('still-in-memory');
  });
});

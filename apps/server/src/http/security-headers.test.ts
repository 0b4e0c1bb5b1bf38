import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLink } from '@corridor/api';
import { loadConfig } from '../config.ts';
import { multipart, startTestServer, TEST_JWT_SECRET, type TestServer } from '../test/test-server.ts';
import { HSTS, registerSecurityHeaders } from './security-headers.ts';

let s: TestServer;
let pwaDist: string;
beforeAll(async () => {
  pwaDist = await mkdtemp(join(tmpdir(), 'corridor-pwa-'));
  await writeFile(join(pwaDist, 'index.html'), '<!doctype html><script type="module" src="/assets/main.js"></script>');
  s = await startTestServer({ pwaDist, publicUrl: 'https://corridor.example.com' });
});
afterAll(async () => {
  await s?.close();
  await rm(pwaDist, { recursive: true, force: true });
});

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );
}

describe('security headers', () => {
  it('puts a strict Content-Security-Policy and the other headers on every kind of answer', async () => {
    const answers = [
      await s.app.inject({ method: 'GET', url: '/merchant/wallets', headers: { accept: 'text/html' } }),
      await s.get('/portal-config.json'),
      await s.get('/users/me'),
      await s.app.inject({ method: 'POST', url: '/oauth/token' }),
      await s.get('/v1/no-such-call'),
      await s.get('/docs'),
    ];
    expect(answers[0]!.body).toContain('/assets/main.js');
    for (const res of answers) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), res.body).toBe("'self'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain http (the demo on 127.0.0.1): no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the answer travels over TLS', async () => {
    const app = Fastify({ trustProxy: true });
    await registerSecurityHeaders(app);
    app.get('/ping', async () => ({ ok: true }));
    try {
      const tls = await app.inject({ method: 'GET', url: '/ping', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe(HSTS);
      const plain = await app.inject({ method: 'GET', url: '/ping' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('links the server builds', () => {
  it('start with the configured public URL, whatever Host the request names', async () => {
    const token = await s.token('100000001');
    const form = new FormData();
    form.append('file', new File(['abc'], 'a.txt', { type: 'text/plain' }));
    const body = await multipart(form);
    const uploaded = await s.app.inject({
      method: 'POST',
      url: '/files?category=KYC&for=merchant-profile-1',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const filename = uploaded.json().filename as string;
    const res = await s.app.inject({
      method: 'GET',
      url: `/files/${filename}/url`,
      headers: { authorization: `Bearer ${token}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    const link = new URL(fileLink.parse(res.json()).url);
    expect(link.origin).toBe('https://corridor.example.com');
    expect(link.pathname).toBe(`/public/files/${filename}`);
  });

  it('default to the address the server listens on, and take PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, HOST: '::1', PORT: '9000' }).publicUrl).toBe('http://[::1]:9000');
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, PUBLIC_URL: 'https://corridor.example.com/' }).publicUrl).toBe(
      'https://corridor.example.com',
    );
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let dist: string;
const shell = `<!doctype html><title>Corridor</title>${'<!-- shell -->'.repeat(200)}`;
const loginPage = `<!doctype html><title>Corridor</title><div id="root"><form method="post">${'<!-- form -->'.repeat(200)}</form></div>`;
const translations = JSON.stringify({ greeting: 'x'.repeat(3000) });
const script = `export const corridor = ${JSON.stringify('x'.repeat(4000))};\n`;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'corridor-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), shell);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(shell));
  await writeFile(join(dist, 'index.html.gz'), gzipSync(shell));
  await writeFile(join(dist, 'login.html'), loginPage);
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => undefined);');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Corridor"}');
  await mkdir(join(dist, 'assets', 'i18n'));
  await writeFile(join(dist, 'assets', 'i18n', 'en.json'), translations);
  await writeFile(join(dist, 'assets', 'i18n', 'en.json.br'), brotliCompressSync(translations));
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, 'assets', 'app.js'), script);
  await writeFile(join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
  await writeFile(join(dist, 'assets', 'app.js.gz'), gzipSync(script));
  s = await startTestServer({ pwaDist: dist });
});
afterAll(async () => {
  await s.close();
  await rm(dist, { recursive: true, force: true });
});

describe('compression', () => {
  it("serves the portal's files as compressed at build time, chosen by Accept-Encoding", async () => {
    const br = await s.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    const gz = await s.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await s.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
    const token = await s.token('100000001');
    const big = await s.app.inject({ method: 'GET', url: '/v1/currencies?size=50', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(gunzipSync(big.rawPayload).toString()) as unknown;
    expect(Buffer.byteLength(JSON.stringify(json))).toBeGreaterThan(1024);
    const small = await s.app.inject({ method: 'GET', url: '/portal-config.json', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('version');
  });
});

describe("the portal's cache headers", () => {
  const encodings = ['br', 'gzip', 'identity'];

  it('never lets a browser keep the shell without revalidating it, compressed or not', async () => {
    for (const url of ['/', '/index.html']) {
      for (const encoding of encodings) {
        const res = await s.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, accept: 'text/html' } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding === 'identity' ? undefined : encoding);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
    // A client-side route starts from the same shell.
    const route = await s.app.inject({ method: 'GET', url: '/merchant/payments', headers: { accept: 'text/html' } });
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toBe(shell);
  });

  it("answers /login with the build's copy of the shell that carries the form, compressed and revalidated", async () => {
    for (const url of ['/login', '/login?directoryError=refused']) {
      for (const encoding of encodings) {
        const res = await s.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, accept: 'text/html' } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-type'], `${url} ${encoding}`).toBe('text/html; charset=utf-8');
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding === 'identity' ? undefined : encoding);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        const body =
          encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
        expect(body, `${url} ${encoding}`).toBe(loginPage);
      }
    }
    // Only the login page: a path that merely starts with it is another client-side route.
    const other = await s.app.inject({ method: 'GET', url: '/login-help', headers: { accept: 'text/html' } });
    expect(other.body).toBe(shell);
    const direct = await s.app.inject({ method: 'GET', url: '/login.html' });
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates the service worker, the manifest and the translations; keeps hashed assets for good', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const encoding of encodings) {
      const i18n = await s.app.inject({ method: 'GET', url: '/assets/i18n/en.json', headers: { 'accept-encoding': encoding } });
      expect(i18n.statusCode).toBe(200);
      expect(i18n.headers['cache-control'], encoding).toBe('no-cache');
      const hashed = await s.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': encoding } });
      expect(hashed.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const icon = await s.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });
});

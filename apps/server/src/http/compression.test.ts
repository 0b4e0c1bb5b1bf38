import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let dist: string;
const script = `export const corridor = ${JSON.stringify('x'.repeat(4000))};\n`;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'corridor-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Corridor</title>');
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

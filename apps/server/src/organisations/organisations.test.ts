import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantService, pageOf, serviceProvider } from '@corridor/api';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;
let globex: string;
let stark: string;
let admin: string;
let atlasId: string;
let meridianId: string;
let globexId: string;
let starkId: string;

beforeAll(async () => {
  s = await startTestServer();
  [atlas, globex, stark, admin] = await Promise.all([s.token('200000001'), s.token('100000001'), s.token('100000004'), s.token('900000001')]);
  const parent = async (token: string) => (await s.get('/users/me', token)).json().parentId as string;
  const meridian = await s.token('200000002');
  [atlasId, meridianId, globexId, starkId] = await Promise.all([parent(atlas), parent(meridian), parent(globex), parent(stark)]);
});
afterAll(async () => s?.close());

describe('service providers', () => {
  it('lets a TSP user load its own service provider by id, and no other', async () => {
    const own = serviceProvider.parse((await s.get(`/v1/service-provider/${atlasId}`, atlas)).json());
    expect(own.name).toBe('Atlas Bank');
    expect((await s.get(`/v1/service-provider/${meridianId}`, atlas)).statusCode).toBe(404);
    expect((await s.get(`/v1/service-provider/${atlasId}`, globex)).statusCode).toBe(403);
  });

  it('lists service providers for admins, with filters', async () => {
    const all = pageOf(serviceProvider).parse((await s.get('/v1/internal/service-providers?sort=name,ASC', admin)).json());
    expect(all.content.map((p) => p.name)).toEqual(['Atlas Bank', 'Meridian Pay']);
    const gb = pageOf(serviceProvider).parse((await s.get('/v1/internal/service-providers?countryCode=GB', admin)).json());
    expect(gb.content.map((p) => p.name)).toEqual(['Meridian Pay']);
    expect((await s.get(`/v1/internal/service-providers/${meridianId}`, admin)).json().name).toBe('Meridian Pay');
    expect((await s.get(`/v1/internal/service-providers/${globexId}`, admin)).statusCode).toBe(404);
  });

  it('shows a merchant the service providers, marking its own as associated', async () => {
    const page = pageOf(serviceProvider).parse((await s.get('/v1/merchant-service/service-providers', globex)).json());
    expect(page.content.map((p) => [p.name, p.associated])).toEqual([
      ['Atlas Bank', true],
      ['Meridian Pay', false],
    ]);
    const others = pageOf(serviceProvider).parse((await s.get('/v1/merchant-service/service-providers?incAssociatedTsp=false', globex)).json());
    expect(others.content.map((p) => p.name)).toEqual(['Meridian Pay']);
    const jpy = pageOf(serviceProvider).parse((await s.get('/v1/merchant-service/service-providers?currencyCode=JPY', globex)).json());
    expect(jpy.content.map((p) => p.name)).toEqual(['Meridian Pay']);
    const one = serviceProvider.parse((await s.get(`/v1/merchant-service/service-providers/${meridianId}`, stark)).json());
    expect(one.associated).toBe(true);
  });
});

describe('merchant services', () => {
  it('lets a merchant user load its own merchant service, and no other', async () => {
    const own = merchantService.parse((await s.get(`/v1/merchant-service/${globexId}`, globex)).json());
    expect(own).toMatchObject({ name: 'Globex Trading', serviceProviderIds: [atlasId] });
    expect((await s.get(`/v1/merchant-service/${starkId}`, globex)).statusCode).toBe(404);
  });

  it('lists merchant services for admins by service provider', async () => {
    const meridian = pageOf(merchantService).parse((await s.get(`/v1/internal/merchant-services?serviceProviderId=${meridianId}&sort=name,ASC`, admin)).json());
    expect(meridian.content.map((m) => m.name)).toEqual(['Acme Exporters', 'Stark Textiles', 'Wayne Foods']);
    expect((await s.get(`/v1/internal/merchants/${starkId}`, admin)).json().name).toBe('Stark Textiles');
    expect((await s.get(`/v1/internal/merchants/${atlasId}`, admin)).statusCode).toBe(404);
    expect((await s.get('/v1/internal/merchant-services', atlas)).statusCode).toBe(403);
  });
});

describe('portal shell', () => {
  it('serves the built PWA: index.html for client routes, no-cache for the shell and sw.js', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'corridor-pwa-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Corridor</title>');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    const withPwa = await startTestServer({ pwaDist: dist });
    try {
      const route = await withPwa.app.inject({ method: 'GET', url: '/merchant/wallet', headers: { accept: 'text/html' } });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<title>Corridor</title>');
      expect(route.headers['cache-control']).toBe('no-cache');
      const sw = await withPwa.get('/sw.js');
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      const api = await withPwa.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { accept: 'application/json' } });
      expect(api.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await withPwa.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

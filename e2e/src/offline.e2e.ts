import { afterAll, beforeAll, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Route } from 'playwright-core';
import { launch, newPage, signIn, underServiceWorker } from './browser.ts';

const baseUrl = workerBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

it('the portal starts without a network after one visit', async () => {
  const { context, page } = await newPage(browser, baseUrl);
  await signIn(page, '100000001');
  await page.waitForURL('**/merchant/wallet');
  await underServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('nav').waitFor();
  await page.getByTestId('offline-indicator').waitFor();
  await expect(page.getByTestId('app-version').textContent()).resolves.toContain('0.0.398');
  await context.close();
});

it('a start on a line that holds every answer while the browser says it is online shows the stored wallets without waiting for the renewal, which lands once the line is back', async () => {
  const { context, page } = await newPage(browser, baseUrl);
  await signIn(page, '100000001');
  await page.waitForURL('**/merchant/wallet');
  await page.getByTestId('wallet-card').first().waitFor();
  await underServiceWorker(page);
  await page.getByTestId('wallet-card').first().waitFor();

  // A branch's Wi-Fi without its uplink: what the service worker does not answer from the device gets no answer at
  // all (held, as a black-holed line holds it), and the browser still says it is online.
  const held: Route[] = [];
  await context.route('**/*', (route) => {
    held.push(route);
  });
  await page.reload();
  // The renewal's own time-out is 30 s: a start that waited for it would show nothing within these 15.
  await page.getByTestId('wallet-card').first().waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  const renewal = held.find((route) => route.request().url().includes('/oauth/token'));
  expect(renewal?.request().postData()).toContain('grant_type=refresh_token');

  // The line comes back: the held renewal reaches the server, and its answer gives the session its token.
  const renewed = page.waitForResponse((response) => response.url().includes('/oauth/token') && response.status() === 200);
  await context.unroute('**/*');
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  await renewed;
  await page.getByTestId('wallet-card').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
  await context.close();
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser } from 'playwright-core';
import { launch, newPage, signIn } from './browser.ts';

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
  // The service worker has precached the shell and the translations once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('nav').waitFor();
  await page.getByTestId('offline-indicator').waitFor();
  await expect(page.getByTestId('app-version').textContent()).resolves.toContain('0.0.398');
  await context.close();
});

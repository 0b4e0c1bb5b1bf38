import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { launch, signedInPage, underServiceWorker } from './browser.ts';
import { violations } from './axe.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser?.close();
});

describe('reports screen', () => {
  it('exports a statement as a job: its progress, its download, and the report listed with its range', async () => {
    const page = await signedInPage(browser, baseUrl, '200000001', 'service-provider');
    await page.goto('/service-provider/reports');
    await page.getByTestId('report-form').waitFor();
    await page.getByRole('button', { name: 'One month' }).click();
    const from = await page.getByTestId('report-from').inputValue();
    expect(from).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.getByLabel('Format').selectOption('CAMT053');
    await page.getByTestId('report-submit').click();
    await page.getByTestId('report-job').waitFor();
    await page.getByTestId('report-download').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    await expect.poll(() => page.getByTestId('report-list').textContent()).toContain(from);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'reports-1280-en');
    await page.close();
  });

  it('fits a phone, reads right to left in Arabic, and offline says it needs the network and lists the device downloads', async () => {
    const page = await signedInPage(browser, baseUrl, '200000001', 'service-provider', 390);
    await page.goto('/service-provider/reports');
    await page.getByTestId('report-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() =>
      localStorage.setItem(
        'corridor.reports.downloads',
        JSON.stringify([
          { id: 'x', reportName: 'Wallet statement', format: 'PDF', fromDate: '2026-01-01', toDate: '2026-01-31', downloadedAt: '2026-02-01T00:00:00Z' },
        ]),
      ),
    );
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('reports-screen').textContent()).toContain('التقارير');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'reports-390-ar');
    // The reload offline is served by the service worker: wait until it controls the page (its precache done).
    await underServiceWorker(page);
    await page.getByTestId('reports-screen').waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('reports-offline').waitFor();
    await page.reload().catch(() => undefined);
    await page.getByTestId('reports-offline').waitFor();
    expect(await page.getByTestId('report-device-download').count()).toBe(1);
    await shot(page, 'reports-390-ar-offline');
    await page.close();
  });
});

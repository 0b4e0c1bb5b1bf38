import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, launch, signedInPage } from './browser.ts';
import { violations } from './axe.ts';
import { tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS;
const MERCHANT = '100000001';
let browser: Browser;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A decimal as text without grouping or trailing zeros, so figures written to different decimals compare. */
const decimal = (text: string) =>
  text
    .replace(/,/g, '')
    .trim()
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

interface SummaryRow {
  closingBalance: string;
  count: number;
}

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser?.close();
});

describe("merchant wallet's statement export", () => {
  it("exports a CSV statement from the wallet page whose closing figure is the wallet's balance and the statement's", async () => {
    const token = await tokenOf(baseUrl, MERCHANT);
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const fromDate = '2020-01-01';
    const wallets = await apiCall<{ content: Array<{ id: string }> }>(baseUrl, token, 'GET', '/v1/merchant/wallets?page=0&size=100');
    // A wallet with statement lines in the range, so the file has a closing figure to check.
    let chosen: { id: string; summary: SummaryRow } | undefined;
    for (const w of wallets.content) {
      const rows = await apiCall<SummaryRow[]>(
        baseUrl,
        token,
        'GET',
        `/m/api/v1/wallet/statement/summary?walletIds=${w.id}&fromDate=${fromDate}&toDate=${today}`,
      );
      if (rows.length === 1 && rows[0] && rows[0].count > 0) {
        chosen = { id: w.id, summary: rows[0] };
        break;
      }
    }
    if (!chosen) throw new Error('the merchant has no wallet with statement lines');

    const page = await signedInPage(browser, baseUrl, MERCHANT, 'merchant');
    await page.locator(`[data-testid="wallet-card"][data-wallet-id="${chosen.id}"]`).click();
    await page.waitForURL(`**/merchant/wallet/${chosen.id}**`);
    // The wallet's own balance card, not the list's total of its currency (still on screen while the page opens).
    const balanceFigure = page.getByTestId('wallet-detail-screen').getByTestId('wallet-summary-balance').locator('p[title]');
    await balanceFigure.waitFor();
    const pageBalance = (await balanceFigure.getAttribute('title')) ?? '';

    // The dialog's code is not loaded with the page: it comes with the first click.
    const loadedChunks = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('statement-export-dialog')).length);
    expect(await loadedChunks()).toBe(0);
    const dialogChunk = page.waitForResponse((r) => /statement-export-dialog-[\w-]+\.js$/.test(r.url()));
    await page.getByTestId('wallet-export-statement').click();
    await dialogChunk;
    await page.getByTestId('statement-export-form').waitFor();
    await page.getByRole('button', { name: 'One week' }).click();
    expect(await page.getByTestId('statement-export-from').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const portalDay = (iso: string) => iso.split('-').reverse().join('/');
    await page.getByTestId('statement-export-from').fill(portalDay(fromDate));
    await page.getByTestId('statement-export-to').fill(portalDay(today));
    await page.getByTestId('statement-export-format').selectOption('CSV');
    await page.getByTestId('statement-export-submit').click();
    await page.getByTestId('statement-export-download').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-export-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-${fromDate}-${today}\\.csv$`));
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    const header = csv[0]?.split(',') ?? [];
    const lines = csv.slice(1).map((line) => line.split(','));
    expect(lines.length).toBe(chosen.summary.count);
    const walletColumn = header.indexOf('walletId');
    expect(lines.every((cells) => cells[walletColumn] === chosen.id)).toBe(true);
    const closing = lines.at(-1)?.[header.indexOf('closingBalance')] ?? '';

    expect(decimal(closing)).toBe(decimal(chosen.summary.closingBalance));
    expect(decimal(closing)).toBe(decimal(pageBalance));
    // The download is listed on the device.
    await expect.poll(() => page.getByTestId('statement-export-downloads').textContent()).toContain(`${portalDay(fromDate)} – ${portalDay(today)}`);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'wallet-export-1280-en');

    // In Arabic the dialog reads right to left.
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('wallet-export-statement').click();
    await expect.poll(() => page.getByTestId('statement-export-dialog').textContent()).toContain('تصدير كشف الحساب');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'wallet-export-1280-ar');
    await page.context().close();
  });

  it('offline on a phone, the dialog says it needs the network and lists the downloads on the device', async () => {
    const page = await signedInPage(browser, baseUrl, MERCHANT, 'merchant', 390);
    await page.getByTestId('wallet-card').first().click();
    await page.getByTestId('wallet-export-statement').waitFor();
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
    await page.getByTestId('wallet-export-statement').click();
    await page.getByTestId('statement-export-form').waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('statement-export-offline').waitFor();
    expect(await page.getByTestId('report-device-download').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'wallet-export-390-ar-offline');
    await page.context().setOffline(false);
    await page.context().close();
  });
});

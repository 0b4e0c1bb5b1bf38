import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { csvWithErrors, massCsv } from '../bench/mass-validate-rows.ts';
import { launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

async function openMassPayments(page: Page): Promise<void> {
  await signIn(page, '100000001');
  await page.waitForURL('**/merchant/wallet');
  await page.goto('/merchant/transactions/mass-payments');
  // The input is enabled once the wallets, currencies and beneficiaries are known.
  await page.waitForSelector('[data-testid="mass-file"]:not([disabled])', { state: 'attached', timeout: 90_000 });
}

async function upload(page: Page, name: string, csv: string): Promise<void> {
  await page.getByTestId('mass-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.locator(`[data-testid="mass-summary"]:has-text("${name}")`).waitFor({ timeout: 30_000 });
}

const count = async (page: Page, id: string) => Number(await page.getByTestId(id).getAttribute('data-count'));

describe('mass payments', () => {
  it('shows each wrong row with its errors, offers the error file, and nothing to send twice', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await openMassPayments(page);
    await upload(page, 'with-errors.csv', csvWithErrors());
    await expect(page.getByTestId('mass-summary').textContent()).resolves.toContain('7 rows · 1 ready · 6 with errors');
    // The table opens on the rows with errors, each naming its column and what is wrong.
    const errors = await page.getByTestId('mass-row-errors').allTextContents();
    expect(errors).toEqual([
      'Amount: USD amounts have at most 2 decimals (nothing is rounded)',
      'Currency: no active wallet in XXXCurrency: no currency XXX',
      "IBAN: the IBAN's check digits are wrong",
      'Receiver name: required',
      'Amount: must be more than zero',
      'Reference: same reference as line 7',
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mass-payments-errors-1280-en.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('mass-error-file').click()]);
    expect(download.suggestedFilename()).toBe('with-errors-errors.csv');
    const errorFile = (await readFile(await download.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(errorFile).toHaveLength(7);
    expect(errorFile[0]).toMatch(/^line,wallet,currency,/);
    expect(errorFile[1]).toMatch(/^2,,USD,,Bad Amount,US,,A1,,12\.345,,,E-1,Amount: USD amounts have at most 2 decimals \(nothing is rounded\)$/);

    // A file without errors: every row ready, no error file.
    await upload(page, 'clean.csv', massCsv(3, { tag: 'C' }));
    await expect(page.getByTestId('mass-summary').textContent()).resolves.toContain('3 rows · 3 ready · 0 with errors');
    // The wallet's total and what it can spend show as every amount does: grouped, in the currency's decimals.
    await expect(page.getByTestId('mass-summary').textContent()).resolves.toMatch(/3 payments, 1\.50 USD \(available \d{1,3}(,\d{3})*\.\d{2}\)/);
    await expect(page.getByTestId('mass-error-file').count()).resolves.toBe(0);
    await expect(page.getByTestId('mass-row-ok').count()).resolves.toBe(3);

    // Phone and Arabic.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await upload(page, 'with-errors-ar.csv', csvWithErrors());
    await expect(page.getByTestId('mass-row-errors').first().textContent()).resolves.toContain('منازل عشرية');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mass-payments-errors-390-ar.png`, fullPage: true });
    await context.close();
  }, 120_000);

  it('lands exactly 1,000 payments from a 1,000-row file though the connection drops halfway, and a re-upload sends nothing', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await openMassPayments(page);
    const csv = massCsv(1000, { tag: 'K' });
    await upload(page, 'payroll.csv', csv);
    await page.getByTestId('mass-send').click();
    await page.getByTestId('mass-progress').waitFor();
    await expect.poll(() => count(page, 'mass-sent'), { timeout: 120_000, interval: 250 }).toBeGreaterThanOrEqual(200);
    await context.setOffline(true);
    await page.waitForTimeout(3_000);
    const whileOffline = await count(page, 'mass-sent');
    expect(whileOffline).toBeLessThan(1000);
    await page.waitForTimeout(2_000);
    // Nothing moves while the line is down; the rest waits in the outbox.
    expect(await count(page, 'mass-sent')).toBe(whileOffline);
    // Rows are written to the outbox in batches (on the device, no network needed): the rest are all waiting once written.
    await expect.poll(() => count(page, 'mass-waiting'), { timeout: 60_000, interval: 250 }).toBe(1000 - whileOffline);
    expect(await count(page, 'mass-sent')).toBe(whileOffline);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mass-payments-offline-1280-en.png`, fullPage: true });
    await context.setOffline(false);
    await expect.poll(() => count(page, 'mass-sent'), { timeout: 540_000, interval: 1_000 }).toBe(1000);
    expect(await count(page, 'mass-refused')).toBe(0);
    expect(await count(page, 'mass-waiting')).toBe(0);
    // Each row of the table says where its payment is: every row shown is sent.
    await expect.poll(() => page.getByTestId('mass-row-sent').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('mass-row-ok').count()).toBe(0);
    expect(await page.getByTestId('mass-row-waiting').count()).toBe(0);

    // The same file again: its drafts are the ones already sent, so there is nothing to send.
    await upload(page, 'payroll.csv', csv);
    await expect(page.getByTestId('mass-send').count()).resolves.toBe(0);
    expect(await count(page, 'mass-sent')).toBe(1000);
    await context.close();

    // The TSP sees the batch with exactly 1,000 payments.
    const tsp = await newPage(browser, baseUrl);
    await signIn(tsp.page, '200000001');
    await tsp.page.waitForURL('**/service-provider/**');
    await tsp.page.goto('/service-provider/transactions/mass-payments/list/overview');
    const row = tsp.page.getByTestId('data-table-row').filter({ hasText: 'Globex' }).filter({ hasText: '1000' });
    await row.first().waitFor({ timeout: 30_000 });
    await expect(row.count()).resolves.toBe(1);
    if (SHOTS) await tsp.page.screenshot({ path: `${SHOTS}/mass-batches-1280-en.png`, fullPage: true });
    await row.first().click();
    await tsp.page.waitForURL('**/service-provider/transactions/payments/list/overview**');
    await tsp.page.getByTestId('payments-screen').waitFor();
    await tsp.context.close();
  }, 780_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, DEMO_PASSWORD, launch, newPage, signIn } from './browser.ts';
import { violations } from './axe.ts';

const baseUrl = workerBaseUrl();
const TSP = '200000001'; // Atlas Bank: the demo revalues its EUR and GBP wallets into AED
const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
let browser: Browser;

async function tokenOf(digit9Id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${CLIENT}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Screenshots for a look at the screen (E2E_SCREENSHOTS=dir). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

interface Record {
  walletId: string;
  currency: string;
  revaluationDate: string;
  gainLoss: string;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('revaluation', () => {
  it('a TSP runs a revaluation from the rates screen, sees its records, in English and Arabic, at 1280 and 390 px', async () => {
    const token = await tokenOf(TSP);
    const date = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, TSP);
    await page.waitForURL('**/service-provider/wallet');

    await page.goto('/service-provider/rate/revaluation');
    await page.getByTestId('revaluation-rates-screen').waitFor();
    await page.getByTestId('revaluation-config-edit').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('data-table-updated-at').first().waitFor();
    expect(await violations(page, { reasons: true })).toEqual([]);
    await shoot(page, 'revaluation-rates-1280');

    await page.getByTestId('revaluation-run').click();
    const dialog = page.getByTestId('revaluation-run-dialog');
    await dialog.waitFor();
    await page.getByTestId('revaluation-run-date').fill(date);
    await page.getByTestId('revaluation-run-ccy-EUR').check();
    await page.getByTestId('revaluation-run-review').click();
    await expect.poll(() => page.getByTestId('revaluation-run-summary').textContent()).toContain(`Revalue EUR on ${date}`);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await shoot(page, 'revaluation-run-confirm-1280');
    await page.getByTestId('revaluation-run-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    const resultText = (await page.getByTestId('revaluation-run-result-text').textContent()) ?? '';
    expect(resultText).toMatch(/wallets? revalued/);

    // The run's records through the API: one per EUR wallet of the TSP for the date, their gains and losses what the run answered.
    const records = await apiCall<{ content: Record[] }>(
      baseUrl,
      token,
      'GET',
      `/v1/service-provider/wallets/revaluation?currency=EUR&fromDate=${date}&toDate=${date}&size=100`,
    );
    expect(records.content.length).toBeGreaterThan(0);
    expect(new Set(records.content.map((r) => r.walletId)).size).toBe(records.content.length);
    // Running the same date and currency again posts nothing new: the same answer as the first run.
    const again = await apiCall<{ runId: string; vouchers: string[]; walletsRevalued: number }>(baseUrl, token, 'POST', '/v1/currencies/revaluation', {
      revaluationDate: date,
      currencies: ['EUR'],
    });
    const repeat = await apiCall<{ runId: string; vouchers: string[] }>(baseUrl, token, 'POST', '/v1/currencies/revaluation', {
      revaluationDate: date,
      currencies: ['EUR'],
    });
    expect(repeat).toEqual(again);
    expect(again.walletsRevalued).toBe(records.content.length);
    expect(again.vouchers.length).toBe(records.content.filter((r) => Number(r.gainLoss) !== 0).length);
    const summary = await apiCall<Array<{ currency: string; gainLoss: string }>>(
      baseUrl,
      token,
      'GET',
      `/v1/service-provider/wallets/revaluation/summary?currency=EUR&fromDate=${date}&toDate=${date}`,
    );
    expect(summary.map((s) => s.currency)).toEqual(['EUR']);

    // Its records on the records screen, which links back to the rates screen.
    await page.getByTestId('revaluation-run-records').click();
    await page.waitForURL('**/service-provider/transactions/revaluation/list');
    await page.getByTestId('revaluation-screen').waitFor();
    await page.getByTestId('data-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('revaluation-summary').textContent()).toContain('EUR');
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.getByTestId('revaluation-rates-link').click();
    await page.waitForURL('**/service-provider/rate/revaluation');
    await page.getByTestId('revaluation-config-edit').first().waitFor();

    // 390 px: the screen fits, its run dialog too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'revaluation-rates-390');
    await page.getByTestId('revaluation-run').click();
    await page.getByTestId('revaluation-run-dialog').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.getByTestId('revaluation-run-cancel').click();
    await context.close();

    // Arabic, right to left, at 390 px.
    const ar = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const arPage = await ar.newPage();
    await arPage.addInitScript(() => localStorage.setItem('corridor_language', 'ar'));
    await signIn(arPage, TSP);
    await arPage.waitForURL('**/service-provider/wallet');
    await arPage.goto('/service-provider/rate/revaluation');
    await arPage.getByTestId('revaluation-rates-screen').getByTestId('data-table-row').first().waitFor({ timeout: 30_000 });
    expect(await arPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => arPage.getByTestId('revaluation-run').textContent()).toContain('تشغيل إعادة التقييم');
    expect(await scrollsSideways(arPage)).toBe(false);
    expect(await violations(arPage, { reasons: true })).toEqual([]);
    await shoot(arPage, 'revaluation-rates-390-ar');
    await arPage.setViewportSize({ width: 1280, height: 900 });
    await arPage.waitForTimeout(300);
    await shoot(arPage, 'revaluation-rates-1280-ar');
    await ar.close();
  });
});

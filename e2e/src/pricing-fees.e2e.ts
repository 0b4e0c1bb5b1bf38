import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');

/** A bearer token of a demo user, through the same grant the portal uses. */
async function tokenOf(digit9Id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${CLIENT}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value);
}

/** The list rows whose text mentions `text`. */
const rowsWith = (page: Page, text: string) => page.getByTestId('data-table-row').filter({ hasText: text });

describe('TSP merchant fees', () => {
  it('the TSP creates a merchant fee with two slabs, sees it in the list and edits it', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/pricing/merchant-fee');
    await page.getByTestId('fee-rules-merchant').waitFor();
    await page.getByTestId('data-table-row').first().waitFor();

    await page.getByTestId('fee-rule-new').click();
    await page.getByTestId('fee-rule-dialog').waitFor();
    await page.getByTestId('fee-charge-mode').selectOption('BEN');
    await page.getByTestId('fee-wallet-currency').selectOption('AED');
    await page.getByTestId('fee-payout-currency').selectOption('INR');
    await page.getByTestId('fee-slab-currency').selectOption('AED');
    await fill(page, 'fee-slab-0-slabValueTo', '2500');
    await fill(page, 'fee-slab-0-flatFee', '7.5');
    // The next slab starts one minor unit after the first ends, without arithmetic by hand.
    await page.getByTestId('fee-slab-add').click();
    await expect.poll(() => page.getByTestId('fee-slab-1-slabValueFrom').inputValue()).toBe('2500.01');
    // An overlap is refused on the field, before anything is sent.
    await fill(page, 'fee-slab-1-slabValueFrom', '2400');
    await fill(page, 'fee-slab-1-percentageFee', '0.35');
    await fill(page, 'fee-slab-1-maxFee', '45');
    await page.getByTestId('fee-rule-submit').click();
    await expect(page.getByTestId('fee-slab-1-slabValueFrom-error').textContent()).resolves.toContain('2500.01');
    await fill(page, 'fee-slab-1-slabValueFrom', '2500.01');
    await page.getByTestId('fee-tax-add').click();
    await fill(page, 'fee-tax-0-name', 'VAT');
    await fill(page, 'fee-tax-0-percentage', '5');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fee-form-1280.png`, fullPage: true });
    await page.getByTestId('fee-rule-submit').click();
    await page.getByTestId('fee-rule-dialog').waitFor({ state: 'detached' });

    // The new rule is in the list with both slabs.
    const row = rowsWith(page, 'AED → INR');
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toContain('2,500.01 - ∞ AED: 0.00 + 0.35% (max 45.00)');
    await expect(row.first().textContent()).resolves.toContain('VAT\u00a05%');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-fees-1280.png`, fullPage: true });

    // Edit: the second slab's cap goes up, and a cap below its floor is refused on its field.
    await row.first().getByTestId('fee-rule-edit').click();
    await page.getByTestId('fee-rule-dialog').waitFor();
    await expect(page.getByTestId('fee-slab-1-slabValueFrom').inputValue()).resolves.toBe('2500.01');
    await fill(page, 'fee-slab-1-minFee', '50');
    await page.getByTestId('fee-rule-submit').click();
    await page.getByTestId('fee-slab-1-maxFee-error').waitFor();
    await fill(page, 'fee-slab-1-maxFee', '60');
    await page.getByTestId('fee-rule-submit').click();
    await page.getByTestId('fee-rule-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => rowsWith(page, 'AED → INR').first().textContent()).toContain('(min 50.00, max 60.00)');

    // The rule as stored says the same.
    const stored = await apiGet<{ content: { walletCurrencyCode: string; payoutCurrencyCode: string; slabs: unknown[] }[] }>(
      await tokenOf('200000001'),
      '/tsp/v1/pricing/fees?size=100&chargeModes=BEN&walletCurrencyCodes=AED&payoutCurrencyCodes=INR',
    );
    expect(stored.content.map((r) => r.slabs)).toEqual([
      [
        { slabValueFrom: '0', slabValueTo: '2500', slabCurrency: 'AED', flatFee: '7.5', percentageFee: '0', minFee: null, maxFee: null },
        { slabValueFrom: '2500.01', slabValueTo: null, slabCurrency: 'AED', flatFee: '0', percentageFee: '0.35', minFee: '50', maxFee: '60' },
      ],
    ]);
    await context.close();
  });

  it('a correspondent fee the server refuses shows why on the field it names', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/pricing/correspondent-fee');
    await page.getByTestId('fee-rules-correspondent').waitFor();
    await page.getByTestId('fee-rule-new').click();
    await page.getByTestId('fee-rule-dialog').waitFor();
    await fill(page, 'fee-correspondent', 'NO-SUCH-BANK');
    await page.getByTestId('fee-slab-currency').selectOption('USD');
    await fill(page, 'fee-slab-0-flatFee', '12');
    await page.getByTestId('fee-rule-submit').click();
    await expect.poll(() => page.getByTestId('fee-correspondent-error').textContent()).toContain('unknown correspondent NO-SUCH-BANK');
    // Nothing was created.
    const stored = await apiGet<{ content: { correspondentId: string | null }[] }>(await tokenOf('200000001'), '/v1/pricing/correspondent/fees?size=100');
    expect(stored.content.filter((r) => r.correspondentId === 'NO-SUCH-BANK')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/correspondent-refused-1280.png` });
    await context.close();
  });

  it('on a phone the fee screens open and the form fits the screen', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/pricing/merchant-fee');
    await page.getByTestId('data-table-row').first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-fees-390.png`, fullPage: true });
    await page.getByTestId('fee-rule-new').click();
    await page.getByTestId('fee-rule-dialog').waitFor();
    const box = await page.getByTestId('fee-rule-dialog').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fee-form-390.png` });
    await page.getByTestId('fee-rule-cancel').click();
    await page.goto('/service-provider/pricing/tax');
    await page.getByTestId('data-table-row').first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/taxes-390.png`, fullPage: true });
    await page.goto('/service-provider/pricing/correspondent-fee');
    await page.getByTestId('fee-rules-correspondent').waitFor();
    await context.close();
  });
});

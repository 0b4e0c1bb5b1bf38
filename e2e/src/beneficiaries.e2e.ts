import { violations } from './axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const MERCHANT = '100000003'; // Umbrella Logistics (GB), four demo beneficiaries
const GOOD_IBAN = 'DE89370400440532013000'; // check digits hold
const BAD_IBAN = 'DE00370400440532013000'; // one typo in the check digits
const SHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openList(page: Page): Promise<void> {
  await signIn(page, MERCHANT);
  await page.waitForURL('**/merchant/wallet');
  await page.goto('/merchant/beneficiaries');
  await page.getByTestId('beneficiary-list').getByTestId('data-table-row').first().waitFor();
}

describe('beneficiaries', () => {
  it('a merchant adds a beneficiary: a bad IBAN is refused on its field, a good one is saved and listed', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await openList(page);
    const rows = page.getByTestId('beneficiary-list').getByTestId('data-table-row');
    expect(await rows.count()).toBe(4);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'beneficiaries-1280');

    await page.getByTestId('beneficiary-new').click();
    const dialog = page.getByTestId('beneficiary-dialog');
    await dialog.waitFor();
    await page.getByTestId('beneficiary-name').fill('Hanse Kontor GmbH');
    await page.getByTestId('beneficiary-displayName').fill('Hanse Kontor');
    await page.getByTestId('beneficiary-countryCode').selectOption('DE');
    expect(await page.getByTestId('beneficiary-currencyCode').inputValue()).toBe('EUR');
    await page.getByTestId('beneficiary-iban').fill(BAD_IBAN);
    await page.getByTestId('beneficiary-submit').click();
    expect(await page.getByTestId('beneficiary-iban-error').textContent()).toContain('not valid');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'beneficiary-dialog-1280');

    await page.getByTestId('beneficiary-iban').fill(GOOD_IBAN.replace(/(.{4})/g, '$1 '));
    await page.getByTestId('beneficiary-bic').fill('RHNEDEFFXXX');
    await page.getByTestId('beneficiary-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('beneficiary-list').getByText('Hanse Kontor GmbH').waitFor();
    expect(await rows.count()).toBe(5);

    // The same account again: the server's refusal shows on the IBAN field.
    await page.getByTestId('beneficiary-new').click();
    await page.getByTestId('beneficiary-name').fill('Hanse Kontor again');
    await page.getByTestId('beneficiary-countryCode').selectOption('DE');
    await page.getByTestId('beneficiary-iban').fill(GOOD_IBAN);
    await page.getByTestId('beneficiary-submit').click();
    expect(await page.getByTestId('beneficiary-iban-error').textContent()).toContain('already one of your beneficiaries');
    await page.keyboard.press('Escape');

    await page.getByTestId('beneficiary-list').getByText('Hanse Kontor GmbH').click();
    await page.waitForURL('**/merchant/beneficiaries/*');
    await page.getByTestId('beneficiary-detail').getByText('DE89 3704 0044 0532 0130 00').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'beneficiary-detail-1280');
    await context.close();
  });

  it('fits a 390 px phone, in Arabic right to left', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('corridor_language', 'ar'));
    await openList(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(wide).toBe(false);
    await shot(page, 'beneficiaries-390-ar');
    await page.getByTestId('beneficiary-new').click();
    const dialog = page.getByTestId('beneficiary-dialog');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.getByTestId('beneficiary-submit').click();
    await page.getByTestId('beneficiary-name-error').waitFor();
    await shot(page, 'beneficiary-dialog-390-ar');
    await context.close();
  });
});

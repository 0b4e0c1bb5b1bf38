import { violations } from './axe.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { launch, newPage, signIn } from './browser.ts';
import type { Browser } from 'playwright-core';

const baseUrl = workerBaseUrl();
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function visit(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(path);
  await page.getByTestId(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  return (await violations(page, { reasons: true })).map((line) => `${path}: ${line}`);
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('the login page has no serious or critical violation', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('login-id').waitFor();
    expect(await violations(page, { reasons: true })).toEqual([]);
    await context.close();
  });

  it('every merchant screen has no serious or critical violation', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-card').first().waitFor();
    const found = [...(await visit(page, '/merchant/wallet', 'wallet-card'))];
    await page.getByTestId('wallet-card').first().click();
    await page.getByTestId('wallet-detail-alias').waitFor();
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page, { reasons: true })).map((line) => `wallet detail: ${line}`));
    found.push(...(await visit(page, '/merchant/transactions/credit-request', 'credit-request-list')));
    found.push(...(await visit(page, '/merchant/settings', 'nav')));
    expect(found).toEqual([]);
    await context.close();
  });

  it('every service-provider screen has no serious or critical violation', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/**');
    const found: string[] = [];
    for (const path of [
      '/service-provider/wallet/wallet-list',
      '/service-provider/wallet/cashflow',
      '/service-provider/wallet/network',
      '/service-provider/wallet/rules',
      '/service-provider/merchants/wallet-approval/list/overview',
      '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
    ]) {
      found.push(...(await visit(page, path, 'nav')));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** Serious and critical axe violations of the page as it stands. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

/** The list once its first answer is in: rows, or the empty state when the server has none (or refused). */
async function settled(page: Page): Promise<number> {
  await page.getByTestId('payments-screen').waitFor();
  await page.locator('[data-testid="payment-row"], [data-testid="payments-empty"]').first().waitFor();
  return page.getByTestId('payment-row').count();
}

async function toArabic(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

describe('payment lists and details', () => {
  it('the merchant opens its payments: seven status tabs, the tab in the URL, a New payment link, no serious axe finding', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/payments');
    const rows = await settled(page);
    const tabs = await page
      .getByTestId('payment-tabs')
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')));
    expect(tabs).toEqual(['overview', 'drafted', 'initiated', 'processing', 'completed', 'cancelled', 'rejected'].map((s) => `payment-tab-${s}`));
    await expect(page.getByTestId('payment-new').getAttribute('href')).resolves.toBe('/merchant/transactions/payments/new');
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-payments-1280-en.png`, fullPage: true });

    await page.getByTestId('payment-tab-drafted').click();
    await page.waitForURL('**/merchant/transactions/payments?tab=drafted');
    await expect.poll(() => page.getByTestId('payment-tab-drafted').getAttribute('aria-current'), { timeout: 5_000 }).toBe('page');
    await settled(page);
    // Every drafted row is a draft.
    const statuses = await page.getByTestId('payment-row').evaluateAll((r) => r.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'DRAFTED')).toBe(true);

    if (rows > 0) {
      // A row opens the payment's page from the keyboard.
      await page.goto('/merchant/transactions/payments');
      await settled(page);
      await page.getByTestId('data-table-row').first().focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('payment-details-panel').waitFor();
      await page.getByTestId('status-timeline').waitFor();
      expect(await violations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-payment-detail-1280-en.png`, fullPage: true });
    } else {
      // The server has no payment to show: the page of an unknown payment says it was not found.
      await page.goto('/merchant/transactions/payments/no-such-payment');
      await page.getByTestId('payment-detail-missing').waitFor();
      await expect(page.getByTestId('payment-detail-missing').textContent()).resolves.toContain('could not be found');
      expect(await violations(page)).toEqual([]);
    }
    await context.close();
  });

  it('the TSP opens Consumer Payments (an unknown tab falls back to the overview), in Arabic and on a phone', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/**');
    await page.goto('/service-provider/transactions/payments/list/nonsense');
    await page.waitForURL('**/service-provider/transactions/payments/list/overview');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain('Consumer Payments');
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sp-payments-390-en.png`, fullPage: true });

    await toArabic(page);
    await page.getByTestId('payment-tab-processing').click();
    await page.waitForURL('**/service-provider/transactions/payments/list/processing');
    await settled(page);
    await expect(page.getByTestId('payment-tab-processing').textContent()).resolves.toBe('قيد المعالجة');
    // Nothing wider than the phone but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sp-payments-390-ar.png`, fullPage: true });
    await context.close();
  });

  it('a payment page lays out its details and timeline at 1280 and 390 px, in English and Arabic', async () => {
    // The contract's answer for one payment, served in the browser where the server does not serve payments yet.
    const payment = {
      id: 'pay-e2e',
      paymentId: 'PAY-E2E-1',
      draftId: null,
      merchantId: 'm-1',
      serviceProviderId: 'tsp-1',
      walletId: 'w-usd',
      status: 'CANCELLED',
      category: 'PAYOUT',
      referenceNumber: 'INV-77',
      agentId: null,
      agentReferenceNumber: null,
      targetBankCode: null,
      deliveryModeId: null,
      correspondentId: null,
      sender: { name: 'Globex Trading', sendingAmount: '1000', sendingCurrencyCode: 'USD', sendingCountryCode: 'AE' },
      receiver: { name: 'Acme GmbH', countryCode: 'DE', accountNumber: 'DE89370400440532013000' },
      instrumentsDetails: { receiveAmount: '920.5', receiveAmountCcyCode: 'EUR' },
      exchangeRate: '0.9205',
      fee: '12.5',
      message: 'Invoice 77',
      correspondentDetails: { walletId: 'sw-eur' },
      quoteId: null,
      valueDate: '2026-11-24',
      expiryDate: null,
      transactionDate: '2026-11-20T09:00:00.000Z',
      failureReason: null,
      createdAt: '2026-11-20T09:00:00.000Z',
      timeline: [
        { status: 'DRAFTED', action: 'create', at: '2026-11-20T09:00:00.000Z', by: { id: 'u', name: 'Omar Rahman' }, reason: null },
        { status: 'INITIATED', action: 'initiate', at: '2026-11-20T09:05:30.000Z', by: { id: 'u', name: 'Omar Rahman' }, reason: null },
        { status: 'CANCELLED', action: 'cancel', at: '2026-11-21T11:05:30.000Z', by: { id: 'u', name: 'Omar Rahman' }, reason: 'Duplicate invoice' },
      ],
    };
    for (const [width, lang] of [
      [1280, 'en'],
      [390, 'ar'],
    ] as const) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.route('**/m/api/v1/transactions/payments/pay-e2e', (route) => route.fulfill({ json: payment }));
      await signIn(page, '100000001');
      await page.waitForURL('**/merchant/wallet');
      await page.getByTestId('wallet-card').first().waitFor();
      if (lang === 'ar') await toArabic(page);
      await page.goto('/merchant/transactions/payments/pay-e2e');
      await page.getByTestId('payment-details-panel').waitFor();
      await page.getByTestId('payment-details-fee-toggle').click();
      await page.getByTestId('status-timeline-toggle').last().click();
      await expect(page.getByTestId('status-timeline-step').count()).resolves.toBe(3);
      await expect(page.getByTestId('payment-details-source').textContent()).resolves.toContain('1,000.00 USD');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await violations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-payment-detail-${width}-${lang}.png`, fullPage: true });
      await context.close();
    }
  });

  it('overview rows offer their status’s buttons (FAILED red with retry and requeue), and cancel opens the extra-details modal', async () => {
    const row = (id: string, status: string) => ({
      id,
      paymentId: `PAY-${id}`,
      draftId: null,
      merchantId: 'm-1',
      serviceProviderId: 'tsp-1',
      walletId: 'w-usd',
      status,
      category: 'PAYOUT',
      referenceNumber: `INV-${id}`,
      agentId: null,
      agentReferenceNumber: null,
      targetBankCode: null,
      deliveryModeId: null,
      correspondentId: null,
      sender: { name: 'Globex Trading', sendingAmount: '1000', sendingCurrencyCode: 'USD', sendingCountryCode: 'AE' },
      receiver: { name: 'Acme GmbH', countryCode: 'DE', accountNumber: null },
      instrumentsDetails: { receiveAmount: '920.5', receiveAmountCcyCode: 'EUR' },
      exchangeRate: '0.9205',
      fee: '12.5',
      message: null,
      correspondentDetails: { walletId: null },
      quoteId: null,
      valueDate: null,
      expiryDate: null,
      transactionDate: null,
      failureReason: null,
      createdAt: new Date().toISOString(),
    });
    const rows = [row('1', 'DRAFTED'), row('2', 'INITIATED'), row('3', 'FAILED'), row('4', 'COMPLETED')];
    for (const [width, lang] of [
      [1280, 'en'],
      [390, 'ar'],
    ] as const) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The contract's list answer, served in the browser where the server does not serve payments yet.
      await page.route(
        (url) => url.pathname === '/m/api/v1/transactions/payments',
        (route) => route.fulfill({ json: { content: rows, page: 0, size: 10, totalElements: rows.length, totalPages: 1 } }),
      );
      await signIn(page, '100000001');
      await page.waitForURL('**/merchant/wallet');
      await page.getByTestId('wallet-card').first().waitFor();
      if (lang === 'ar') await toArabic(page);
      await page.goto('/merchant/transactions/payments');
      await expect.poll(() => page.getByTestId('payment-row').count(), { timeout: 15_000 }).toBe(4);
      const failed = page.getByTestId('data-table-row').filter({ has: page.locator('[data-payment-id="PAY-3"]') });
      await expect(failed.locator('[data-tone]').getAttribute('data-tone')).resolves.toBe('red');
      const buttons = await failed
        .getByTestId('payment-actions')
        .getByRole('button')
        .evaluateAll((b) => b.map((e) => e.getAttribute('data-testid')));
      expect(buttons).toEqual(['payment-action-renew', 'payment-action-retry']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await violations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-payments-rows-${width}-${lang}.png`, fullPage: true });

      const initiated = page.getByTestId('data-table-row').filter({ has: page.locator('[data-payment-id="PAY-2"]') });
      await initiated.getByTestId('payment-action-cancel').click();
      await page.getByTestId('extra-details-modal').waitFor();
      await expect(page.getByTestId('extra-details-confirm').isDisabled()).resolves.toBe(true);
      await page.getByTestId('extra-details-reason').fill('Duplicate');
      await expect.poll(() => page.getByTestId('extra-details-confirm').isDisabled(), { timeout: 5_000 }).toBe(false);
      expect(await violations(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/merchant-payments-cancel-${width}-${lang}.png` });
      await context.close();
    }
  });
});

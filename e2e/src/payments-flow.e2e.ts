import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { launch, signIn } from './browser.ts';
import { REFUSAL_REASON, REFUSED_AMOUNT } from './server.ts';

// A payment's life in the portal: drafted and sent by a merchant, processed by its TSP on Consumer
// Payments, sent by the rail to the bank, completed by the bank's signed callback; cancelled; refused.
const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const MERCHANT = '100000001';
const TSP = '200000001';
/** The rail claims every second and the test bank answers in 300 ms: this is ample. */
const RAIL_WAIT_MS = 30_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function signedIn(digit9Id: string, home: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, digit9Id);
  await page.waitForURL(`**${home}`);
  return { context, page };
}

async function toArabic(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

interface Sent {
  /** The row id (the payment page's URL). */
  id: string;
  /** The payment's reference shown to people. */
  paymentId: string;
  walletId: string;
}

/**
 * The merchant opens New payment from its list, pays a saved beneficiary (Yusuf Karimi, AED) from its
 * `currency` wallet, and sends: cross-currency when the wallet is not in AED (the FX panel's quote first).
 */
async function sendPayment(page: Page, currency: 'AED' | 'USD', amount: string): Promise<Sent> {
  await page.goto('/merchant/transactions/payments');
  await page.getByTestId('payment-new').click();
  await page.getByTestId('payment-form').waitFor();
  const wallet = page.getByTestId('payment-wallet');
  const option = wallet.locator('option', { hasText: `(${currency})` }).first();
  await option.waitFor({ state: 'attached' });
  const walletId = (await option.getAttribute('value')) ?? '';
  await wallet.selectOption(walletId);
  const beneficiary = page.getByTestId('payment-beneficiary').locator('option', { hasText: 'Yusuf' });
  await beneficiary.waitFor({ state: 'attached' });
  await page.getByTestId('payment-beneficiary').selectOption((await beneficiary.getAttribute('value')) ?? '');
  await expect(page.getByTestId('payment-receiver-name').inputValue()).resolves.toBe('Yusuf Karimi');
  await expect(page.getByTestId('payment-receive-currency').inputValue()).resolves.toBe('AED');
  await page.getByTestId('payment-amount').fill(amount);
  await page.getByTestId('payment-purpose').fill('Office rent');
  await page.getByTestId('payment-message').fill(`Rent ${currency} ${amount}`);
  if (currency !== 'AED') {
    // Cross-currency: the FX panel prices the payment with a firm quote before it can be sent.
    await page.getByTestId('fx-quote-countdown').waitFor();
    await expect(page.getByTestId('fx-receive-amount').textContent()).resolves.toContain('AED');
  } else {
    await expect(page.getByTestId('fx-quote-countdown').count()).resolves.toBe(0);
  }
  const created = page.waitForResponse((r) => r.url().endsWith('/m/api/v1/transactions/payments') && r.request().method() === 'POST');
  await page.getByTestId('payment-send').click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as { id: string; paymentId: string; status: string; quoteId: string | null };
  expect(body.status).toBe('INITIATED');
  expect(body.quoteId === null).toBe(currency === 'AED');
  await page.waitForURL(`**/merchant/transactions/payments/${body.id}`);
  await page.getByTestId('payment-details-panel').waitFor();
  await expect(statusOf(page)).resolves.toBe('INITIATED');
  return { id: body.id, paymentId: body.paymentId, walletId };
}

const statusOf = (page: Page) => page.getByTestId('payment-detail-screen').locator('[data-tone][data-status]').first().getAttribute('data-status');

/** The TSP processes one payment from Consumer Payments' Initiated tab, confirming the money-moving step. */
async function tspProcesses(page: Page, paymentId: string): Promise<void> {
  await page.goto('/service-provider/transactions/payments/list/initiated');
  const row = page.getByTestId('data-table-row').filter({ has: page.locator(`[data-payment-id="${paymentId}"]`) });
  await row.waitFor();
  await row.getByTestId('payment-action-process').click();
  await page.getByTestId('payment-confirm-dialog').waitFor();
  await expect(page.getByTestId('payment-confirm-dialog').textContent()).resolves.toContain(paymentId);
  // The spec's process call is a GET by id.
  const processed = page.waitForResponse((r) => r.url().includes('/s/api/v1/transactions/payments/process/'));
  await page.getByTestId('payment-confirm-ok').click();
  expect((await processed).status()).toBeLessThan(300);
  await page.getByTestId('payment-confirm-dialog').waitFor({ state: 'detached' });
}

/** The timeline's statuses, oldest first. */
const timeline = (page: Page) => page.getByTestId('status-timeline-step').evaluateAll((steps) => steps.map((s) => s.getAttribute('data-status')));

/** The statement lines of one payment on its wallet's activity statement (descriptions as shown). */
async function statementOf(page: Page, walletId: string, paymentId: string): Promise<string[]> {
  await page.goto(`/merchant/wallet/${walletId}?tab=activity-statements`);
  const rows = page.getByTestId('data-table-row').filter({ hasText: paymentId });
  await rows.first().waitFor();
  return rows.allTextContents();
}

describe('payments end to end', () => {
  it('a same-currency and a cross-currency payment go from New payment through the TSP and the bank to COMPLETED', async () => {
    const merchant = await signedIn(MERCHANT, '/merchant/wallet');
    const tsp = await signedIn(TSP, '/service-provider/wallet');
    const local = await sendPayment(merchant.page, 'AED', '25');
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-initiated-1280-en.png`, fullPage: true });
    const cross = await sendPayment(merchant.page, 'USD', '40');

    await tspProcesses(tsp.page, local.paymentId);
    await tspProcesses(tsp.page, cross.paymentId);

    for (const p of [local, cross]) {
      await merchant.page.goto(`/merchant/transactions/payments/${p.id}`);
      await merchant.page.getByTestId('payment-details-panel').waitFor();
      // The page follows the payment while the bank has it, without a reload.
      await expect.poll(() => statusOf(merchant.page), { timeout: RAIL_WAIT_MS }).toBe('COMPLETED');
      await expect.poll(() => timeline(merchant.page)).toEqual(['INITIATED', 'PROCESSING', 'COMPLETED']);
    }
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-completed-1280-en.png`, fullPage: true });

    // The statement shows the settlement: the payout debited from the balance (the hold itself sits
    // in the wallet's pending authorisation, which the balance statement does not list).
    for (const p of [local, cross]) {
      const lines = await statementOf(merchant.page, p.walletId, p.paymentId);
      expect(lines.some((l) => l.includes('Payment paid out'))).toBe(true);
    }
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-statement-1280-en.png`, fullPage: true });

    // The same page on a phone, in Arabic.
    await merchant.page.setViewportSize({ width: 390, height: 844 });
    await toArabic(merchant.page);
    await merchant.page.goto(`/merchant/transactions/payments/${cross.id}`);
    await merchant.page.getByTestId('payment-details-panel').waitFor();
    await expect(merchant.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-completed-390-ar.png`, fullPage: true });
    await merchant.context.close();
    await tsp.context.close();
  });

  it('the merchant cancels an initiated payment in the extra-details modal: CANCELLED with its reason', async () => {
    const merchant = await signedIn(MERCHANT, '/merchant/wallet');
    const p = await sendPayment(merchant.page, 'AED', '30');
    await merchant.page.getByTestId('payment-action-cancel').click();
    const modal = merchant.page.getByTestId('extra-details-modal');
    await modal.waitFor();
    // Both fields are required; the date cannot be before the payment's day.
    await expect(merchant.page.getByTestId('extra-details-confirm').isDisabled()).resolves.toBe(true);
    await merchant.page.getByTestId('extra-details-reason').fill('Paid twice');
    const today = await merchant.page.getByTestId('extra-details-date').inputValue();
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await merchant.page.getByTestId('extra-details-date').fill('01/01/2020');
    await expect.poll(() => merchant.page.getByTestId('extra-details-confirm').isDisabled()).toBe(true);
    await merchant.page.getByTestId('extra-details-date').fill(today);
    await expect.poll(() => merchant.page.getByTestId('extra-details-confirm').isDisabled()).toBe(false);
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-cancel-modal-1280-en.png` });
    const cancelled = merchant.page.waitForResponse(
      (r) => r.url().endsWith('/m/api/v1/transactions/payments/cancellations') && r.request().method() === 'POST',
    );
    await merchant.page.getByTestId('extra-details-confirm').click();
    const answer = await cancelled;
    expect(answer.status()).toBeLessThan(300);
    // The action names the payment by its row id.
    expect(answer.request().postDataJSON()).toMatchObject({ transactionId: p.id, reason: 'Paid twice' });
    await expect.poll(() => statusOf(merchant.page)).toBe('CANCELLED');
    await expect.poll(() => timeline(merchant.page)).toEqual(['INITIATED', 'CANCELLED']);
    // The cancellation's step keeps its reason.
    await merchant.page.getByTestId('status-timeline-toggle').last().click();
    await expect(merchant.page.getByTestId('status-timeline-details').last().textContent()).resolves.toContain('Paid twice');
    await merchant.context.close();
  });

  it('the bank refuses a payout: FAILED with its reason, and the merchant retries it to COMPLETED', async () => {
    const merchant = await signedIn(MERCHANT, '/merchant/wallet');
    const tsp = await signedIn(TSP, '/service-provider/wallet');
    const p = await sendPayment(merchant.page, 'AED', REFUSED_AMOUNT);
    await tspProcesses(tsp.page, p.paymentId);

    await merchant.page.goto(`/merchant/transactions/payments/${p.id}`);
    await merchant.page.getByTestId('payment-details-panel').waitFor();
    await expect.poll(() => statusOf(merchant.page), { timeout: RAIL_WAIT_MS }).toBe('FAILED');
    await expect(merchant.page.getByTestId('payment-failure-reason').textContent()).resolves.toBe(REFUSAL_REASON);
    const buttons = await merchant.page
      .getByTestId('payment-actions')
      .getByRole('button')
      .evaluateAll((b) => b.map((e) => e.getAttribute('data-testid')));
    expect(buttons).toEqual(['payment-action-renew', 'payment-action-retry']);
    if (SHOTS) await merchant.page.screenshot({ path: `${SHOTS}/payment-failed-1280-en.png`, fullPage: true });

    // Retry holds the money again and sends it again, without another approval; the bank pays this time.
    await merchant.page.getByTestId('payment-action-retry').click();
    await merchant.page.getByTestId('payment-confirm-dialog').waitFor();
    await merchant.page.getByTestId('payment-confirm-ok').click();
    await expect.poll(() => statusOf(merchant.page), { timeout: RAIL_WAIT_MS }).toBe('COMPLETED');
    await expect.poll(() => timeline(merchant.page)).toEqual(['INITIATED', 'PROCESSING', 'FAILED', 'PROCESSING', 'COMPLETED']);
    await merchant.context.close();
    await tsp.context.close();
  });

  it('a refused payout requeued from the Overview goes back to the drafts', async () => {
    const merchant = await signedIn(MERCHANT, '/merchant/wallet');
    const tsp = await signedIn(TSP, '/service-provider/wallet');
    const p = await sendPayment(merchant.page, 'AED', REFUSED_AMOUNT);
    await tspProcesses(tsp.page, p.paymentId);
    await merchant.page.reload();
    await merchant.page.getByTestId('payment-details-panel').waitFor();
    await expect.poll(() => statusOf(merchant.page), { timeout: RAIL_WAIT_MS }).toBe('FAILED');

    await merchant.page.goto('/merchant/transactions/payments');
    const row = merchant.page.getByTestId('data-table-row').filter({ has: merchant.page.locator(`[data-payment-id="${p.paymentId}"]`) });
    await row.waitFor();
    // The list may first show the payment from the device's outbox (sent from here), then the server's row.
    await expect.poll(() => row.locator('[data-tone]').first().getAttribute('data-tone'), { timeout: 15_000 }).toBe('red');
    const renewed = merchant.page.waitForResponse((r) => r.url().includes('/m/api/v1/transactions/payments/new'));
    await row.getByTestId('payment-action-renew').click();
    const confirm = merchant.page.getByTestId('payment-confirm-dialog');
    // Requeue may ask first: the dialog can open a moment after the click, so wait for it or for the answer, whichever comes.
    await Promise.race([
      confirm
        .waitFor({ timeout: 15_000 })
        .then(() => merchant.page.getByTestId('payment-confirm-ok').click())
        .catch(() => undefined),
      renewed,
    ]);
    const answer = await renewed;
    expect(answer.status()).toBeLessThan(300);
    expect(answer.request().postDataJSON()).toMatchObject({ paymentIds: [p.id] });
    await expect.poll(() => row.locator('[data-status]').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('DRAFTED');
    await merchant.context.close();
    await tsp.context.close();
  });
});

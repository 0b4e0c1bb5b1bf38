import { violations } from './axe.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { launch, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** How far the page is wider than the window (0 or less: nothing but the table's own scroller overflows). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function rowStatuses(page: Page): Promise<(string | null)[]> {
  return page.getByTestId('transaction-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
}

describe('transaction lists and details', () => {
  it('the merchant opens its top-ups and transfers (six status tabs, the tab in the URL) and a top-up’s page with its receipt', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/top-ups');
    // The seed gives each merchant a completed, a pending and a rejected top-up.
    await page.getByTestId('transaction-row').first().waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await rowStatuses(page)).sort()).toEqual(expect.arrayContaining(['COMPLETED', 'PENDING', 'REJECTED']));
    const categories = await page.getByTestId('transaction-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-category')));
    expect(categories.every((c) => c === 'TOPUP' || c === 'TOPUP_CREDIT')).toBe(true);
    const tabs = await page
      .getByTestId('transaction-tabs')
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')));
    expect(tabs).toEqual(['overview', 'pending', 'processing', 'completed', 'rejected', 'cancelled'].map((s) => `transaction-tab-${s}`));
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-merchant-top-ups-1280-en.png`, fullPage: true });

    await page.getByTestId('transaction-tab-rejected').click();
    await page.waitForURL('**/merchant/transactions/top-ups?tab=rejected');
    await expect.poll(async () => [...new Set(await rowStatuses(page))]).toEqual(['REJECTED']);

    // The completed top-up opens from the keyboard: its details page, timeline and (read-only) comments.
    await page.getByTestId('transaction-tab-completed').click();
    await page.waitForURL('**/merchant/transactions/top-ups?tab=completed');
    // Only completed ones (other browser tests may have completed more of Globex's top-ups before this one runs).
    await expect.poll(async () => [...new Set(await rowStatuses(page))]).toEqual(['COMPLETED']);
    // The seeded top-up (an operations' credit top-up of another test, completed by the system, reads otherwise).
    await page
      .getByTestId('data-table-row')
      .filter({ has: page.locator('[data-testid="transaction-row"][data-category="TOPUP"]') })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/merchant\/transactions\/top-ups\/[^/?]+$/);
    await page.getByTestId('top-up-details').waitFor();
    await page.getByTestId('status-timeline').waitFor();
    // Requested, then approved by its TSP (the approval step names its side and decision).
    await expect
      .poll(() => page.getByTestId('status-timeline-step').evaluateAll((s) => s.map((e) => e.getAttribute('data-status'))))
      .toEqual(['PENDING', 'SOURCE_APPROVED']);
    await page.getByTestId('comments-thread').waitFor();
    await expect(page.getByTestId('comment-input').count()).resolves.toBe(0);
    // Who authorized it comes with the top-ups call, after the transaction itself.
    await expect.poll(() => page.locator('[data-field="authorizedBy"]').textContent()).not.toBe('-');
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-merchant-top-up-detail-1280-en.png`, fullPage: true });

    await page.getByTestId('transaction-receipt-link').click();
    await page.waitForURL(/\/merchant\/transactions\/top-ups\/[^/?]+\/receipt$/);
    await expect(page.getByTestId('deal-receipt-activity').textContent()).resolves.toBe('TopUp');
    await expect(page.getByTestId('deal-receipt').textContent()).resolves.toContain('Page 1 of 1');
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-merchant-top-up-receipt-1280-en.png`, fullPage: true });

    await context.close();
  });

  it('the merchant opens its transfers on a phone: deal columns, a transfer’s page with both legs, nothing overflows', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // Umbrella holds GBP and EUR wallets with one TSP: the seed makes it FX transfers.
    await signIn(page, '100000003');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/transfers');
    await page.getByTestId('transaction-row').first().waitFor({ timeout: 60_000 });
    const categories = await page.getByTestId('transaction-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-category')));
    expect(categories.every((c) => c === 'TRANSFER')).toBe(true);
    await expect(page.getByRole('columnheader', { name: /Exchange rate/ }).count()).resolves.toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-merchant-transfers-390-en.png`, fullPage: true });

    await page.getByTestId('data-table-row').first().click();
    await page.waitForURL(/\/merchant\/transactions\/transfers\/[^/?]+$/);
    await page.getByTestId('transaction-deal').waitFor();
    await expect(page.locator('[data-field="sourceAmount"]').textContent()).resolves.toMatch(/\d [A-Z]{3}$/);
    await page.getByTestId('status-timeline').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-merchant-transfer-detail-390-en.png`, fullPage: true });
    await context.close();
  });

  it('the TSP opens its deals overview (labelled Transfers; an unknown tab falls back to it) and its top-ups on a phone', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/**');
    await page.goto('/service-provider/transactions/deals/list/nonsense');
    await page.waitForURL('**/service-provider/transactions/deals/list/overview');
    await page.getByTestId('transactions-screen').waitFor();
    await page.locator('[data-testid="transaction-row"], [data-testid="transactions-empty"]').first().waitFor({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain('Transfers');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-sp-deals-390-en.png`, fullPage: true });

    await page.goto('/service-provider/transactions/service-provider/top-ups/list/overview');
    await page.getByTestId('transaction-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('transaction-tab-pending').click();
    await page.waitForURL('**/service-provider/transactions/service-provider/top-ups/list/pending');
    await expect.poll(async () => (await rowStatuses(page)).every((s) => s === 'PENDING')).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-sp-top-ups-pending-390-en.png`, fullPage: true });

    // In Arabic the page turns right-to-left and still fits the phone.
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect(page.getByTestId('transaction-tab-pending').textContent()).resolves.toBe('قيد الانتظار');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txlists-sp-top-ups-pending-390-ar.png`, fullPage: true });
    await context.close();
  });

  it('the merchant requests a top-up in the portal and finds it PENDING in its list, then asks to cancel it', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, '100000003');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/top-ups');
    await page.getByTestId('transaction-new').click();
    await page.waitForURL('**/merchant/transactions/top-ups/new');
    // The wallet and collection-mode lists come from the server; the first real choice of each is taken.
    await page.locator('[data-testid="top-up-wallet"] option:nth-child(2)').waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('[data-testid="top-up-collection-mode"] option:nth-child(2)').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('top-up-wallet').selectOption({ index: 1 });
    await page.getByTestId('top-up-collection-mode').selectOption({ index: 1 });
    // Too many decimals are refused on the amount before anything is sent.
    await page.getByTestId('top-up-amount').fill('10.12345');
    await page.getByTestId('top-up-submit').click();
    await expect(page.getByTestId('top-up-amount-error').textContent()).resolves.toMatch(/^At most \d decimals$/);
    await page.getByTestId('top-up-amount').fill('1250');
    await page.getByTestId('top-up-remarks').fill('Float for the month');
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-new-top-up-1280-en.png`, fullPage: true });
    await page.getByTestId('top-up-submit').click();
    const said = await page.getByTestId('notification').filter({ hasText: 'requested' }).first().textContent();
    const id = /Top-up (\S+) requested/.exec(said ?? '')?.[1];
    expect(id).toBeTruthy();
    await page.waitForURL('**/merchant/transactions/top-ups');

    await page.getByTestId('transaction-tab-pending').click();
    await page.waitForURL('**/merchant/transactions/top-ups?tab=pending');
    const row = page.locator(`[data-testid="transaction-row"][data-transaction-id="${id}"]`);
    await row.waitFor({ timeout: 30_000 });
    await expect(row.getAttribute('data-status')).resolves.toBe('PENDING');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-top-ups-pending-1280-en.png`, fullPage: true });

    // Its page offers Cancel: a reason and today's date, through the approval machine, and the request shows.
    await row.click();
    await page.waitForURL(/\/merchant\/transactions\/top-ups\/[^/?]+$/);
    await page.getByTestId('transaction-cancel').click();
    await page.getByTestId('extra-details-modal').waitFor();
    await expect(page.getByTestId('extra-details-confirm').isDisabled()).resolves.toBe(true);
    await page.getByTestId('extra-details-reason').fill('Sent to the wrong wallet');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-cancel-dialog-1280-en.png`, fullPage: true });
    await page.getByTestId('extra-details-confirm').click();
    await page.getByTestId('transaction-cancellation').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('transaction-cancellation').textContent()).resolves.toContain('Sent to the wrong wallet');
    await expect(page.getByTestId('transaction-cancel').count()).resolves.toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-cancel-requested-1280-en.png`, fullPage: true });

    // Umbrella's TSP decides the request on the top-up's page: approved, the top-up is CANCELLED and says who decided.
    const tspContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const tsp = await tspContext.newPage();
    await signIn(tsp, '200000001');
    await tsp.waitForURL('**/service-provider/**');
    await tsp.goto(`/service-provider/transactions/service-provider/top-ups/${id ?? ''}`);
    await tsp.getByTestId('cancellation-approve').click({ timeout: 30_000 });
    await tsp.getByTestId('cancellation-approve-dialog').waitFor();
    expect(await violations(tsp)).toEqual([]);
    await tsp.getByTestId('cancellation-approve-confirm').click();
    await expect.poll(() => tsp.getByTestId('cancellation-decided-by').textContent(), { timeout: 30_000 }).toBe('Amira Haddad');
    // The page header's status tag is the screen's first.
    const headerStatus = () => tsp.getByTestId('transaction-detail-screen').locator('[data-status]').first().getAttribute('data-status');
    await expect.poll(headerStatus, { timeout: 30_000 }).toBe('CANCELLED');
    await expect(tsp.getByTestId('cancellation-decision').count()).resolves.toBe(0);
    if (SHOTS) await tsp.screenshot({ path: `${SHOTS}/wt-txforms-cancel-approved-tsp-1280-en.png`, fullPage: true });
    await tspContext.close();

    // The transfer form: two wallets in different currencies and an amount bring a quote with its countdown.
    await page.goto('/merchant/transactions/transfers/new');
    await page.locator('[data-testid="transfer-source"] option:nth-child(3)').waitFor({ state: 'attached', timeout: 30_000 });
    // Umbrella's TSP quotes GBP into EUR (the seed's own transfers go that way).
    const gbp = await page
      .locator('[data-testid="transfer-source"] option')
      .evaluateAll((os) => os.find((o) => o.textContent?.includes('(GBP)'))?.getAttribute('value'));
    await page.getByTestId('transfer-source').selectOption(gbp ?? '');
    await page.getByTestId('transfer-target').selectOption({ index: 1 });
    await page.getByTestId('transfer-amount').fill('100');
    await page.getByTestId('fx-panel').waitFor({ timeout: 30_000 });
    await page.getByTestId('fx-quote-countdown').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('transfer-submit').isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-new-transfer-1280-en.png`, fullPage: true });
    // Sent with the quote: the transfer's page opens, its amount held until both TSPs approve.
    await page.getByTestId('transfer-submit').click();
    await page.waitForURL(/\/merchant\/transactions\/transfers\/TXN[^/?]+$/);
    await page.getByTestId('transaction-deal').waitFor();
    await expect(page.locator('[data-field="sourceAmount"]').textContent()).resolves.toBe('100.00 GBP');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wt-txforms-transfer-sent-1280-en.png`, fullPage: true });
    await context.close();
  });
});

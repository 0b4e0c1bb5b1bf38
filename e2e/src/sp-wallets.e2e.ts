import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn, underServiceWorker } from './browser.ts';

const baseUrl = workerBaseUrl();
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

async function apiPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  return (await res.json()) as T;
}

interface Wallet {
  id: string;
  alias: string;
  currency: { code: string };
}
interface Position {
  creditPosition: { creditLimit: { amount: string } };
}
interface CreditRequest {
  id: string;
  status: string;
  validTo: string;
  approvedAmount: string | null;
  remarks: string | null;
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** Merchant 100000003 (Umbrella Logistics, a merchant of Atlas Bank) asks for credit on its first wallet. */
async function requestCredit(amount: string, remarks: string): Promise<{ request: CreditRequest; wallet: Wallet; merchantToken: string }> {
  const merchantToken = await tokenOf('100000003');
  const wallets = await apiGet<{ content: Wallet[] }>(merchantToken, '/v1/merchant/wallets?size=50&types=PAYMENT');
  const wallet = wallets.content[0];
  expect(wallet).toBeDefined();
  const request = await apiPost<CreditRequest>(merchantToken, '/v1/merchant/wallets/credit-request', {
    walletId: wallet!.id,
    amount,
    currency: wallet!.currency.code,
    validFrom: isoDay(0),
    validTo: isoDay(90),
    remarks,
  });
  expect(request.status).toBe('REQUESTED');
  return { request, wallet: wallet!, merchantToken };
}

async function openPending(page: Page): Promise<void> {
  await page.goto('/service-provider/transaction-authorization/merchant/credit-request/list/pending');
  await page.getByTestId('credit-request-row').first().waitFor();
}

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

describe('service-provider wallets', () => {
  it('a TSP sees its own wallets, never the other TSP’s', async () => {
    const other = await apiGet<{ content: Wallet[] }>(await tokenOf('200000002'), '/v1/service-provider/wallets?size=100');
    expect(other.content.length).toBeGreaterThan(0);
    const own = await apiGet<{ content: Wallet[]; totalElements: number }>(await tokenOf('200000001'), '/v1/service-provider/wallets?size=100');

    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.getByTestId('sp-wallet-row').first().waitFor();
    await page.goto('/service-provider/wallet/wallet-list?size=50');
    await expect.poll(() => page.getByTestId('sp-wallet-row').count()).toBe(own.totalElements);
    const shown = await page.getByTestId('sp-wallet-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-wallet-id')));
    expect(new Set(shown)).toEqual(new Set(own.content.map((w) => w.id)));
    for (const w of other.content) expect(shown).not.toContain(w.id);
    await expect(page.getByTestId('page-count').textContent()).resolves.toBe(String(own.totalElements));
    // The cached view says how old it is.
    await expect(page.getByTestId('data-table-updated-at').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('on a phone, a list wider than the screen shows that more columns are to the side, and scrolls to them', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/wallet/wallet-list');
    await page.getByTestId('sp-wallet-row').first().waitFor();
    await page.getByTestId('data-table-more-end').waitFor();
    expect(await page.getByTestId('data-table-more-start').count()).toBe(0);
    await page.getByTestId('data-table-more-end').getByRole('button').click();
    await page.getByTestId('data-table-more-start').waitFor();
    // At the far end the hint at that side goes away.
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="data-table"] .overflow-x-auto');
      if (box) box.scrollLeft = box.scrollWidth;
    });
    await expect.poll(() => page.getByTestId('data-table-more-end').count()).toBe(0);
    await context.close();
  });

  it('offline, the wallet screens still open on what was last seen and say so', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.getByTestId('sp-wallet-row').first().waitFor();
    // The service worker precaches every screen's code; once it controls the page, screens never
    // opened before still open offline.
    await underServiceWorker(page);
    await page.getByTestId('sp-wallet-row').first().waitFor();
    await page.getByTestId('sp-wallet-tab-cashflow').click();
    await page.getByTestId('sp-cashflow-card').first().waitFor();
    await context.setOffline(true);
    await page.getByTestId('sp-wallet-tab-wallet-list').click();
    await page.getByTestId('data-table-offline').waitFor();
    await expect.poll(() => page.getByTestId('sp-wallet-row').count()).toBeGreaterThan(0);
    await page.getByTestId('sp-wallet-tab-cashflow').click();
    await page.getByTestId('data-table-offline').waitFor();
    // The saved cards render a moment after the banner (the wallet list's banner can still be the one found): polled, as the rows are.
    await expect.poll(() => page.getByTestId('sp-cashflow-card').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('data-table-offline').textContent()).resolves.toBe('Offline: showing saved data');
    // A tab never opened online says it was not saved here, instead of an empty list.
    const approval = page.getByTestId('menu-item-service-provider-merchants-wallet-approval-list-overview');
    if (!(await approval.isVisible())) await page.getByTestId('menu-group-partners').click();
    await approval.click();
    await page.getByTestId('data-table-not-saved').waitFor();
    await page.getByTestId('wallet-approval-tab-active').click();
    await page.getByTestId('data-table-not-saved').waitFor();
    await expect(page.getByTestId('data-table-offline').textContent()).resolves.toBe('Offline: not saved on this device yet');
    await expect(page.getByTestId('data-table-empty').textContent()).resolves.not.toContain('No data');
    await context.setOffline(false);
    await page.getByTestId('data-table-row').first().waitFor();
    await context.close();
  });

  it("a merchant's wallet opens on its own page from its network row, with the keyboard too; the back link returns", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.getByTestId('sp-wallet-tab-network').click();
    // The network tab's own table: until it renders, the first row on the page is still the accounts list's.
    await page.waitForURL('**/service-provider/wallet/network');
    await page.getByTestId('sp-network-groups').waitFor();
    const row = page.getByTestId('data-table-row').first();
    await row.waitFor();
    const alias = (await row.locator('td').first().textContent()) ?? '';
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/service-provider\/wallet\/merchant\/[0-9a-f-]{36}$/);
    await page.getByTestId('wallet-summary-balance').waitFor();
    const title = (await page.getByTestId('page-title').textContent()) ?? '';
    expect(title.length).toBeGreaterThan(0);
    expect(alias.startsWith(title)).toBe(true);
    // The statement of a merchant's wallet reads the merchant activity call.
    await page.getByTestId('sp-wallet-detail-tab-statement').click();
    await page.waitForURL(/tab=statement/);
    await page.getByTestId('page-back').click();
    await page.waitForURL('**/service-provider/wallet/network');
    await context.close();
  });

  it('a wallet opens on its own page (details, statement, vouchers in the URL); a statement line opens its voucher and the print view', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    const first = page.getByTestId('sp-wallet-row').first();
    const walletId = await first.getAttribute('data-wallet-id');
    // A row is reachable from the keyboard and opens the page.
    await page.getByTestId('data-table-row').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/service-provider/wallet/account/${walletId}`);
    await page.getByTestId('wallet-summary-balance').waitFor();
    await expect(page.getByTestId('wallet-summary-cards').locator('[data-testid^="wallet-summary-"]').count()).resolves.toBe(5);
    await expect(page.getByTestId('sp-wallet-detail-tab-details').getAttribute('aria-current')).resolves.toBe('page');

    // The open tab lives in the URL: a reload (or a shared link) opens the statement again.
    await page.getByTestId('sp-wallet-detail-tab-statement').click();
    await page.waitForURL(/tab=statement/);
    await page.reload();
    await page.getByTestId('data-table-row').first().waitFor();
    await expect(page.getByTestId('sp-wallet-detail-tab-statement').getAttribute('aria-current')).resolves.toBe('page');
    await page.getByTestId('data-table-row').first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('voucher-line').first().waitFor();
    const modalWidth = await page.getByTestId('voucher-modal').evaluate((el) => el.getBoundingClientRect().width);
    expect(modalWidth / 1280).toBeCloseTo(0.75, 2);
    await page.getByTestId('voucher-open-print').first().click();
    const print = page.getByTestId('voucher-print');
    await print.waitFor();
    await expect(print.textContent()).resolves.toContain('voucher print');
    await expect(page.getByTestId('voucher-signature').allTextContents()).resolves.toEqual(['Prepared By', 'Verified By', 'Approved By (CEO/GM)']);
    await expect(page.getByTestId('voucher-print-total-debit').textContent()).resolves.toMatch(/^USD \d{1,3}(,\d{3})*\.\d{2}$/);
    // Closing the print view goes back to the voucher modal.
    await page.getByTestId('voucher-print-close').click();
    await print.waitFor({ state: 'detached' });
    await page.getByTestId('voucher-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('voucher-modal').waitFor({ state: 'detached' });

    // The vouchers tab lists the wallet's vouchers on the page.
    await page.getByTestId('sp-wallet-detail-tab-vouchers').click();
    await page.waitForURL(/tab=vouchers/);
    await page.getByTestId('voucher-section').first().waitFor();

    await page.getByTestId('page-back').click();
    await page.waitForURL('**/service-provider/wallet/wallet-list');
    await page.getByTestId('sp-wallet-row').first().waitFor();
    await context.close();
  });

  it('at 1280 px every column of the wallet list is in view, the balance included', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/wallet/wallet-list?size=50');
    await page.getByTestId('sp-wallet-row').first().waitFor();
    const fit = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const scroller = table.parentElement!;
        const box = scroller.getBoundingClientRect();
        const headers = Array.from(table.querySelectorAll('th')).map((th) => {
          const r = th.getBoundingClientRect();
          return { text: th.textContent, inView: r.left >= box.left - 1 && r.right <= box.right + 1 };
        });
        return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, headers };
      });
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.headers.filter((h) => !h.inView)).toEqual([]);
    expect(fit.headers.map((h) => h.text)).toContain('Balance');
    // Nothing to scroll to, so no hint that more columns exist.
    expect(await page.getByTestId('data-table-more-end').count()).toBe(0);
    await context.close();
  });

  it('a TSP blocks a merchant wallet and activates it again, each confirmed with a reason', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/merchants/wallet-approval/list/active');
    const first = page.getByTestId('data-table-row').first();
    await first.waitFor();
    const alias = (await first.locator('td').first().textContent()) ?? '';
    const token = await tokenOf('200000001');
    const wallets = await apiGet<{ content: (Wallet & { status: string })[] }>(token, '/v1/service-provider/merchant/wallets?size=100');
    const target = wallets.content.find((w) => alias.startsWith(w.alias));
    expect(target).toBeDefined();
    const current = () => apiGet<{ status: string; statusReason: string | null }>(token, `/v1/service-provider/merchant/wallets/${target!.id}`);

    // The click only asks: Escape and Cancel leave the wallet active.
    await first.getByTestId('wallet-block').click();
    const dialog = page.getByTestId('wallet-status-dialog');
    await expect.poll(() => dialog.getByTestId('wallet-status-alias').textContent()).toBe(target!.alias);
    expect(await dialog.getByTestId('wallet-status-balance').textContent()).toContain(target!.currency.code);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await first.getByTestId('wallet-block').click();
    await page.getByTestId('wallet-status-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect((await current()).status).toBe('ACTIVE');

    // No reason, no block; with one, the wallet is blocked and the server keeps why.
    await first.getByTestId('wallet-block').click();
    await page.getByTestId('wallet-status-confirm').click();
    await dialog.getByRole('alert').waitFor();
    await page.getByTestId('wallet-status-reason').fill('Chargeback investigation');
    await page.getByTestId('wallet-status-confirm').click();
    await expect.poll(async () => (await current()).status).toBe('INACTIVE');
    expect((await current()).statusReason).toBe('Chargeback investigation');

    await page.getByTestId('wallet-approval-tab-inactive').click();
    const row = page.locator('[data-testid="data-table-row"]', { hasText: target!.alias });
    await row.getByTestId('wallet-activate').click();
    await page.getByTestId('wallet-status-reason').fill('Investigation closed');
    await page.getByTestId('wallet-status-confirm').click();
    await expect.poll(async () => (await current()).status).toBe('ACTIVE');
    expect((await current()).statusReason).toBe('Investigation closed');
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('credit request approval', () => {
  it('a merchant’s credit request is approved by its TSP and the credit shows on the merchant’s wallet', async () => {
    const { request, wallet, merchantToken } = await requestCredit('5000.00', 'Season stock');
    const before = await apiGet<Position>(merchantToken, `/v1/merchant/wallets/position/${wallet.id}`);

    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await openPending(page);
    const row = page.locator(`[data-testid="data-table-row"]:has([data-request-id="${request.id}"])`);
    await row.waitFor();
    await row.getByTestId('credit-approve').click();
    const amount = page.getByTestId('credit-approved-amount');
    expect(Number(await amount.inputValue())).toBe(5000);
    // More than was asked is refused in the dialog.
    await amount.fill('5000.01');
    await page.getByTestId('credit-confirm').click();
    await page.getByRole('alert').first().waitFor();
    await amount.fill('4000');
    // The TSP grants a shorter period than the one asked.
    await page.getByTestId('credit-valid-to').fill(isoDay(45));
    await page.getByTestId('credit-confirm').click();
    // Approved requests leave the work queue ...
    await row.waitFor({ state: 'detached' });
    // ... and show under the approved tab.
    await page.getByTestId('credit-tab-approved').click();
    await page.locator(`[data-request-id="${request.id}"][data-status="APPROVED"]`).waitFor();

    const decided = await apiGet<CreditRequest>(merchantToken, `/v1/merchant/wallets/credit-request/${request.id}`);
    expect(decided.status).toBe('APPROVED');
    expect(Number(decided.approvedAmount)).toBe(4000);
    expect(decided.validTo).toBe(isoDay(45));
    const after = await apiGet<Position>(merchantToken, `/v1/merchant/wallets/position/${wallet.id}`);
    const grown = Number(after.creditPosition.creditLimit.amount) - Number(before.creditPosition.creditLimit.amount);
    expect(grown).toBeCloseTo(4000, 6);
    await context.close();

    // The merchant sees the credit on its wallet's credit tab.
    const merchant = await newPage(browser, baseUrl);
    await signIn(merchant.page, '100000003');
    await merchant.page.waitForURL('**/merchant/wallet');
    await merchant.page.goto(`/merchant/wallet/${wallet.id}?tab=credit`);
    const limit = merchant.page.getByTestId('credit-position-creditLimit');
    const whole = Math.trunc(Number(after.creditPosition.creditLimit.amount)).toLocaleString('en-US');
    await expect.poll(() => limit.textContent()).toContain(whole);
    await merchant.context.close();
  });

  it('a rejection needs a reason, which reaches the merchant', async () => {
    const { request, merchantToken } = await requestCredit('750.00', 'Short-term need');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await openPending(page);
    const row = page.locator(`[data-testid="data-table-row"]:has([data-request-id="${request.id}"])`);
    await row.getByTestId('credit-reject').click();
    await page.getByTestId('credit-confirm').click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('reason');
    await page.getByTestId('credit-reason').fill('Turnover too low for this limit');
    // Without a network the decision gets no answer, and the TSP is told so; the dialog stays to retry.
    await context.setOffline(true);
    await page.getByTestId('credit-confirm').click();
    const warning = page.getByTestId('notification').filter({ hasText: 'this change was not confirmed' });
    await warning.waitFor();
    await expect(page.getByTestId('credit-decision-dialog').isVisible()).resolves.toBe(true);
    const untouched = await apiGet<CreditRequest>(merchantToken, `/v1/merchant/wallets/credit-request/${request.id}`);
    expect(untouched.status).toBe('REQUESTED');
    await context.setOffline(false);
    await page.getByTestId('credit-confirm').click();
    await row.waitFor({ state: 'detached' });
    const decided = await apiGet<CreditRequest>(merchantToken, `/v1/merchant/wallets/credit-request/${request.id}`);
    expect(decided.status).toBe('REJECTED');
    expect(decided.remarks).toBe('Turnover too low for this limit');
    await context.close();
  });
});

import { violations } from './axe.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { apiCall as call, authorizationRow, fundedUsdAedWallets, launch, signedInPage, type MerchantWallet } from './browser.ts';
import { tokenOf as tokenAt } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** Globex (a merchant of Atlas Bank), two Atlas Bank users (maker and checker), operations. */
const MERCHANT = '100000001';
const ATLAS_1 = '200000001';
const ATLAS_2 = '200000011';
const OPS = '900000001';
const TRANSFERS = '/service-provider/transaction-authorization/service-provider/transfers/list';
const TOP_UPS = '/service-provider/transaction-authorization/service-provider/top-ups/list';

let browser: Browser;
const tokenOf = (digit9Id: string) => tokenAt(baseUrl, digit9Id);

interface Transaction {
  id: string;
  transactionId: string;
  status: string;
  sourceApprovalStatus: string | null;
  targetApprovalStatus: string | null;
}
interface Details extends Transaction {
  approvals: { step: string; data: { status: string; remarks: string | null }[]; createdBy: { name: string } }[];
}

const apiCall = <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown) => call<T>(baseUrl, token, method, path, body);

const signedIn = (digit9Id: string, width = 1280) => signedInPage(browser, baseUrl, digit9Id, 'service-provider', width);

let merchant: string;
let usd: MerchantWallet;
let aed: MerchantWallet;

beforeAll(async () => {
  browser = await launch();
  merchant = await tokenOf(MERCHANT);
  ({ usd, aed } = await fundedUsdAedWallets(baseUrl, merchant, await tokenOf(OPS)));
});
afterAll(async () => {
  await browser.close();
});

describe('TSP authorization of transfers and top-ups', () => {
  it('a transfer from a quote: the source side approves, its approver is offered no target decision, another user approves it: COMPLETED', async () => {
    const quote = await apiCall<{ quoteId?: string; id?: string }>(merchant, 'POST', '/merchant/v1/quote', {
      transactionCategory: 'PAYOUT',
      dealType: 'SPOT',
      sourceWalletId: usd.id,
      sendAmount: { amount: '1000', currency: 'USD' },
      targetCurrency: 'AED',
    });
    const created = await apiCall<Transaction>(merchant, 'POST', '/v2/merchant/transactions', {
      category: 'TRANSFER',
      type: 'FX_DEAL',
      quoteId: quote.quoteId ?? quote.id,
      sourceWalletId: usd.id,
      targetWalletId: aed.id,
    });
    expect([created.status, created.sourceApprovalStatus, created.targetApprovalStatus]).toEqual(['PENDING', 'PENDING', 'PENDING']);
    const statusOf = async () => (await apiCall<Transaction>(merchant, 'GET', `/v2/merchant/transactions/${created.id}`)).status;

    // The source TSP's user: the row says it approves the source side.
    const maker = await signedIn(ATLAS_1);
    await maker.goto(`${TRANSFERS}/pending`);
    const row = authorizationRow(maker, created.transactionId);
    await row.waitFor({ timeout: 30_000 });
    await expect(row.getByTestId('auth-side').getAttribute('data-side')).resolves.toBe('SOURCE');
    if (SHOTS) await maker.screenshot({ path: `${SHOTS}/txauth-transfers-pending-1280.png`, fullPage: true });
    expect(await violations(maker)).toEqual([]);
    await row.getByTestId('auth-approve').click();
    await maker.getByTestId('auth-decision-dialog').waitFor();
    await maker.getByTestId('auth-confirm').click();
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('PROCESSING');

    // Atlas runs both wallets: the same user now stands on the target side, and as its last approver is offered no
    // decision (the server refuses it with MAKER_CHECKER: transactions.test.ts); the row says another user decides.
    await expect.poll(() => row.getByTestId('auth-side').getAttribute('data-side'), { timeout: 30_000 }).toBe('TARGET');
    await row.getByTestId('auth-four-eyes').waitFor({ timeout: 30_000 });
    await expect(row.getByTestId('auth-four-eyes').textContent()).resolves.toContain('another user must approve it');
    await expect(row.getByTestId('auth-approve').count()).resolves.toBe(0);
    if (SHOTS) await maker.screenshot({ path: `${SHOTS}/txauth-maker-checker-1280.png`, fullPage: true });
    expect(await statusOf()).toBe('PROCESSING');
    await maker.context().close();

    // Another Atlas user approves the target side: the transfer completes.
    const checker = await signedIn(ATLAS_2);
    await checker.goto(`${TRANSFERS}/pending`);
    const checkerRow = authorizationRow(checker, created.transactionId);
    await checkerRow.waitFor({ timeout: 30_000 });
    await expect(checkerRow.getByTestId('auth-side').getAttribute('data-side')).resolves.toBe('TARGET');
    await checkerRow.getByTestId('auth-approve').click();
    await checker.getByTestId('auth-confirm').click();
    await expect.poll(statusOf, { timeout: 30_000 }).toBe('COMPLETED');
    const done = await apiCall<Transaction>(merchant, 'GET', `/v2/merchant/transactions/${created.id}`);
    expect([done.sourceApprovalStatus, done.targetApprovalStatus]).toEqual(['APPROVED', 'APPROVED']);

    // The approved tab shows it with its last decision.
    await checker.goto(`${TRANSFERS}/approved`);
    await authorizationRow(checker, created.transactionId).getByTestId('auth-last-decision').waitFor({ timeout: 30_000 });
    await checker.context().close();
  });

  it('a top-up rejected in the portal needs a reason, and the API shows REJECTED with it', async () => {
    const topUp = await apiCall<Transaction>(merchant, 'POST', '/v2/merchant/transactions', {
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: usd.id,
      targetAmount: { amount: '250', currency: 'USD' },
      collectionMode: 'BANK',
    });
    expect(topUp.status).toBe('PENDING');
    const reason = 'The bank statement shows no such credit';

    const page = await signedIn(ATLAS_1);
    await page.goto(`${TOP_UPS}/pending`);
    const row = authorizationRow(page, topUp.transactionId);
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('auth-reject').click();
    // No reason: the approval machine refuses to send it.
    await page.getByTestId('auth-confirm').click();
    await page.locator('#auth-reason-error').waitFor();
    await page.getByTestId('auth-reason').fill(reason);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/txauth-topup-reject-1280.png`, fullPage: true });
    await page.getByTestId('auth-confirm').click();

    const details = () => apiCall<Details>(merchant, 'GET', `/v2/merchant/transactions/details/${topUp.id}`);
    await expect.poll(async () => (await details()).status, { timeout: 30_000 }).toBe('REJECTED');
    const rejected = await details();
    expect(rejected.sourceApprovalStatus).toBe('REJECTED');
    expect(rejected.approvals.map((a) => a.data[0])).toContainEqual({ status: 'REJECTED', remarks: reason });

    await page.goto(`${TOP_UPS}/rejected`);
    await authorizationRow(page, topUp.transactionId).waitFor({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/txauth-topups-rejected-first-1280.png`, fullPage: true });
    const decided = authorizationRow(page, topUp.transactionId).getByTestId('auth-last-decision');
    await decided.waitFor({ timeout: 30_000 });
    await expect(decided.textContent()).resolves.toContain(reason);
    // The row opens the top-up's page under the TSP's Transactions.
    await authorizationRow(page, topUp.transactionId).locator('td').nth(1).click();
    await page.waitForURL(`**/service-provider/transactions/service-provider/top-ups/${topUp.transactionId}`, { timeout: 30_000 });
    await page.goBack();
    await decided.waitFor({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/txauth-topups-rejected-1280.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('two top-ups selected are approved at once and credit their wallet', async () => {
    const topUps: Transaction[] = [];
    for (const amount of ['11', '12']) {
      topUps.push(
        await apiCall<Transaction>(merchant, 'POST', '/v2/merchant/transactions', {
          category: 'TOPUP',
          type: 'BANK_TRANSFER',
          targetWalletId: usd.id,
          targetAmount: { amount, currency: 'USD' },
          collectionMode: 'BANK',
        }),
      );
    }
    const page = await signedIn(ATLAS_1);
    await page.goto(`${TOP_UPS}/pending`);
    for (const t of topUps) {
      const row = authorizationRow(page, t.transactionId);
      await row.waitFor({ timeout: 30_000 });
      await row.getByTestId('data-table-select-row').check();
    }
    await page.getByTestId('auth-bulk-approve').click();
    await page.getByTestId('auth-decision-dialog').waitFor();
    await page.getByTestId('auth-confirm').click();
    for (const t of topUps) {
      await expect
        .poll(async () => (await apiCall<Transaction>(merchant, 'GET', `/v2/merchant/transactions/${t.id}`)).status, { timeout: 30_000 })
        .toBe('COMPLETED');
    }
    await page.context().close();
  });

  it('on a 390 px phone the lists and the approval rules fit the screen', async () => {
    const page = await signedIn(ATLAS_1, 390);
    for (const path of [`${TRANSFERS}/overview`, `${TOP_UPS}/pending`]) {
      await page.goto(path);
      await page.getByTestId('sp-authorizations').waitFor();
      await page.locator('[data-testid="auth-row"], [data-testid="data-table-empty"]').first().waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/txauth-topups-390.png`, fullPage: true });
    await page.goto('/service-provider/transaction-authorization/merchant/rules');
    await page.getByTestId('approval-band-text').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/txauth-rules-390.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn, underServiceWorker } from './browser.ts';

const baseUrl = workerBaseUrl();
let browser: Browser;

/** Merchant 100000002 (Initech Imports) is this file's own: other files use other merchants. */
const MERCHANT = '100000002';
const OTHER_MERCHANT = '100000001';

interface ApiWallet {
  id: string;
  alias: string;
  currency: { code: string };
}
interface ApiCreditRequest {
  walletId: string;
  amount: string;
  status: string;
  remarks: string | null;
}

async function tokenOf(digit9Id: string): Promise<string> {
  const basic = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
  const answer = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(path: string, token: string): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

async function walletsOf(digit9Id: string): Promise<ApiWallet[]> {
  const page = await apiGet<{ content: ApiWallet[] }>('/v1/merchant/wallets?page=0&size=500', await tokenOf(digit9Id));
  return page.content;
}

async function cardWalletIds(page: Page): Promise<string[]> {
  const cards = page.getByTestId('wallet-card');
  const n = await cards.count();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await cards.nth(i).getAttribute('data-wallet-id')) ?? '');
  return ids;
}

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

describe('merchant wallets', () => {
  it("shows the merchant's own wallets and none of another merchant's", async () => {
    const mine = await walletsOf(MERCHANT);
    const theirs = await walletsOf(OTHER_MERCHANT);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);

    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-list').waitFor();
    await expect.poll(() => page.getByTestId('wallet-card').count()).toBe(mine.length);

    const shown = await cardWalletIds(page);
    expect([...shown].sort()).toEqual(mine.map((w) => w.id).sort());
    for (const other of theirs) expect(shown).not.toContain(other.id);
    const aliases = await page.getByTestId('wallet-card-alias').allTextContents();
    expect([...aliases].sort()).toEqual(mine.map((w) => w.alias).sort());
    for (const other of theirs) expect(aliases).not.toContain(other.alias);

    // The summary row and a wallet's detail open from the list.
    await page.getByTestId('wallet-summary-balance').waitFor();
    const first = mine.find((w) => w.id === shown[0]);
    await page.getByTestId('wallet-card').first().click();
    await page.getByTestId('wallet-detail-alias').waitFor();
    await expect(page.getByTestId('wallet-detail-alias').textContent()).resolves.toContain(first?.alias ?? '?');
    await expect(page.getByTestId('wallet-detail-currency').textContent()).resolves.toContain(first?.currency.code ?? '?');
    await context.close();
  });

  it('a currency filter narrows the cards to that currency', async () => {
    const mine = await walletsOf(MERCHANT);
    const currency = mine[0]?.currency.code ?? 'USD';
    const expected = mine
      .filter((w) => w.currency.code === currency)
      .map((w) => w.id)
      .sort();
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto(`/merchant/wallet?currencyCodes=${currency}`);
    await expect.poll(async () => (await cardWalletIds(page)).sort().join(','), { timeout: 30_000 }).toBe(expected.join(','));
    await context.close();
  });

  it('opens with the network off after one online visit, showing the cached wallets and their age', async () => {
    const mine = await walletsOf(MERCHANT);
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-list').waitFor();
    await expect.poll(() => page.getByTestId('cached-age').first().getAttribute('data-offline')).toBe('false');
    // The service worker precaches the shell; once it controls the page a reload works offline.
    await underServiceWorker(page);
    await page.getByTestId('wallet-list').waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('wallet-list').waitFor();
    const age = page.getByTestId('cached-age').first();
    await expect.poll(() => age.getAttribute('data-offline')).toBe('true');
    await expect(age.textContent()).resolves.toMatch(/^Offline: showing data from .+ ago$/);
    // The user block still names the company: its lookup is kept on the device like the wallets.
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('Initech Imports');
    expect((await cardWalletIds(page)).sort()).toEqual(mine.map((w) => w.id).sort());

    // A wallet never opened online still opens offline, with what the list last showed.
    await page.getByTestId('wallet-card').first().click();
    await page.getByTestId('wallet-detail-alias').waitFor();
    const detailAge = page.getByTestId('cached-age').first();
    await expect.poll(() => detailAge.getAttribute('data-offline')).toBe('true');
    const alias = await page.getByTestId('wallet-detail-alias').textContent();
    expect(mine.some((w) => alias?.includes(w.alias))).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it('submits a credit request that the service provider can then see as REQUESTED', async () => {
    const mine = await walletsOf(MERCHANT);
    const wallet = mine[0];
    expect(wallet).toBeDefined();
    const remarks = `e2e credit ${Date.now()}`;
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/credit-request');
    await page.getByTestId('credit-request-list').waitFor();

    await page.getByTestId('credit-request-new').click();
    await page.getByTestId('credit-request-dialog').waitFor();
    // Sending an empty form shows what is missing and sends nothing.
    await page.getByTestId('credit-request-submit').click();
    await page.getByTestId('credit-wallet-error').waitFor();
    await page.getByTestId('credit-request-wallet').selectOption(wallet?.id ?? '');
    await expect(page.getByTestId('credit-request-currency').inputValue()).resolves.toBe(wallet?.currency.code);
    await page.getByTestId('credit-request-amount').fill('12345.67');
    await page.getByTestId('credit-request-remarks').fill(remarks);
    await page.getByTestId('credit-request-submit').click();
    await page.getByTestId('credit-request-dialog').waitFor({ state: 'detached' });

    // The list refreshes with the new request.
    await page.getByText(remarks).waitFor();
    const requests = await apiGet<{ content: ApiCreditRequest[] }>('/v1/merchant/wallets/credit-request?page=0&size=50', await tokenOf(MERCHANT));
    const created = requests.content.find((r) => r.remarks === remarks);
    expect(created).toMatchObject({ walletId: wallet?.id, amount: '12345.67', status: 'REQUESTED' });
    // Initech belongs to Atlas Bank: its TSP user sees the request waiting.
    const tsp = await apiGet<{ content: ApiCreditRequest[] }>('/sp/v1/merchant/wallets/credit-request?page=0&size=50', await tokenOf('200000001'));
    expect(tsp.content.some((r) => r.remarks === remarks)).toBe(true);
    await context.close();
  });

  it("logging out deletes that user's local wallet data", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-list').waitFor();
    const localDbs = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('corridor-local-')));
    await expect.poll(localDbs).toHaveLength(1);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await expect.poll(localDbs).toEqual([]);
    await context.close();
  });

  it('accounting codes setup saves a changed ledger code through the accounting-config call', async () => {
    const mine = await walletsOf(MERCHANT);
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/settings');
    await expect.poll(() => page.getByTestId('accounting-config-row').count()).toBe(mine.length);
    const row = page.getByTestId('accounting-config-row').first();
    const walletId = (await row.getAttribute('data-wallet-id')) ?? '';
    const wallet = mine.find((w) => w.id === walletId);
    // A code must name a ledger account of the wallet's own TSP: its transit account in that currency.
    const code = `TRN-ATLAS-${wallet?.currency.code ?? 'USD'}`;
    await row.getByTestId('accounting-config-edit').click();
    const dialog = page.getByTestId('accounting-config-dialog');
    await dialog.waitFor();
    const charges = dialog.getByTestId('accounting-edit-chargesAccount').locator('input');
    await charges.nth(0).fill(code);
    await charges.nth(1).fill(wallet?.currency.code ?? 'USD');
    await dialog.getByTestId('accounting-config-save').click();
    // A refusal keeps the dialog open with the server's message: a failure says which.
    await dialog.waitFor({ state: 'detached' }).catch(async (error: unknown) => {
      throw new Error(`the dialog stayed open: ${await dialog.innerText().catch(() => '(gone)')}`, { cause: error });
    });
    const saved = await apiGet<{ content: { walletId: string; chargesAccount?: { ledgerCode: string; ledgerCcy: string } }[] }>(
      `/m/api/v1/wallets/accounting-config?walletId=${walletId}&page=0&size=5`,
      await tokenOf(MERCHANT),
    );
    expect(saved.content.find((c) => c.walletId === walletId)?.chargesAccount).toEqual({ ledgerCode: code, ledgerCcy: wallet?.currency.code });
    await context.close();
  });
});

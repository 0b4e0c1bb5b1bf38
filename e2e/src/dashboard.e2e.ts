import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, apiCall, launch } from './browser.ts';
import { violations } from './axe.ts';

/* The TSP dashboard's figures against the server's: balances by currency and their local value (ledger positions). */

const baseUrl = workerBaseUrl();
const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
let browser: Browser;

interface SummaryRow {
  currency: string;
  balance: string;
  balanceUSDEQ: string | null;
  walletCount: number;
}
interface Wallet {
  id: string;
  currency: { code: string };
  merchantService: unknown;
}

async function tokenOf(digit9Id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${CLIENT}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function openDashboard(width = 1280, arabic = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (arabic) await page.addInitScript(() => localStorage.setItem('corridor_language', 'ar'));
  await page.goto('/login');
  await page.getByTestId('login-id').fill('200000002');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/service-provider/wallet');
  await page.goto('/service-provider/wallet/dashboard');
  await page.getByTestId('dashboard-screen').waitFor();
  return page;
}

/** A decimal string in units of 1e-8, exactly. */
function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole) * 100000000n + BigInt((frac + '00000000').slice(0, 8));
  return negative ? -n : n;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('dashboard', () => {
  it('shows each currency’s balance and local value as the ledger’s positions and the wallets give them', async () => {
    const token = await tokenOf('200000002');
    const summary = await apiCall<SummaryRow[]>(baseUrl, token, 'GET', '/v1/service-provider/wallets/position/summary?groupBy=currency');
    const wallets = (await apiCall<{ content: Wallet[] }>(baseUrl, token, 'GET', '/v1/service-provider/wallets?size=500')).content.filter(
      (w) => !w.merchantService,
    );
    expect(summary.length).toBeGreaterThan(0);
    const page = await openDashboard();
    for (const row of summary) {
      const figure = page.getByTestId(`dashboard-balance-${row.currency}`);
      await figure.waitFor();
      expect(await figure.getAttribute('data-balance')).toBe(row.balance);
      // The summary counts the TSP's own wallets of that currency.
      expect(row.walletCount).toBe(wallets.filter((w) => w.currency.code === row.currency).length);
    }
    // The local value moves with the demo's rate feed (a tick every 5 s): the figure shown is the server's as of
    // the screen's own read, so it must equal the summary read just before or just after that read.
    const summaryNow = () => apiCall<SummaryRow[]>(baseUrl, token, 'GET', '/v1/service-provider/wallets/position/summary?groupBy=currency');
    let mismatches: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = await summaryNow();
      await page.reload();
      await page.waitForLoadState('networkidle');
      const after = await summaryNow();
      mismatches = [];
      for (const row of before) {
        const shown = await page.getByTestId(`dashboard-balance-${row.currency}`).getAttribute('data-lc');
        const later = after.find((a) => a.currency === row.currency)?.balanceUSDEQ ?? '';
        if (shown !== (row.balanceUSDEQ ?? '') && shown !== later) mismatches.push(`${row.currency}: ${shown} is neither ${row.balanceUSDEQ} nor ${later}`);
      }
      if (mismatches.length === 0) break;
    }
    expect(mismatches).toEqual([]);
    // Each currency's balance is the sum of its wallets' ledger balances (summed exactly, in units of 1e-8).
    for (const row of summary.slice(0, 2)) {
      const ids = wallets.filter((w) => w.currency.code === row.currency).map((w) => w.id);
      let sum = 0n;
      for (const id of ids) {
        const pos = await apiCall<{ balance: { amount: string } }>(baseUrl, token, 'GET', `/v1/service-provider/wallets/position/${id}`);
        sum += units(pos.balance.amount);
      }
      expect(sum).toBe(units(row.balance));
    }
    await page.getByTestId('dashboard-approvals-topUps-count').waitFor();
    await expect.poll(() => page.getByTestId('dashboard-approvals-transfers-count').textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('dashboard-approvals-credit').getAttribute('href')).toBe(
      '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
    );
    // Failed payouts: as many as the payments list says, and no call of the screen refused.
    const failed = await apiCall<{ totalElements: number }>(baseUrl, token, 'GET', '/s/api/v1/transactions/payments?status=FAILED&size=1');
    await expect.poll(() => page.getByTestId('dashboard-failed').locator('h2').textContent()).toContain(`(${failed.totalElements})`);
    expect(await page.getByText('VALIDATION_FAILED').count()).toBe(0);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.screenshot({ path: '/tmp/dashboard-1280.png', fullPage: true });
    await page.context().close();
  });

  it('fits a phone in Arabic, right to left, with no serious axe finding', async () => {
    const page = await openDashboard(390, true);
    await page.getByTestId('dashboard-total-lc').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.screenshot({ path: '/tmp/dashboard-390-ar.png', fullPage: true });
    await page.context().close();
  });
});

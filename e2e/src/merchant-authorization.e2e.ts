import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { violations } from './axe.ts';
import { apiCall, launch, signIn } from './browser.ts';
import { tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** Atlas Bank: Amira decides; the demo's pending merchant Hooli Services was submitted by Karim. */
const AMIRA = '200000001';
/** The user of Hooli Services. */
const HOOLI_USER = '100000021';
const LIST = '/service-provider/merchants/authorization/list';

interface Summary {
  merchantServiceId: string;
  name: string;
  merchantProfileStatus: string | null;
  lastDecision?: { action: string; reason: string; by: { name: string } } | null;
}

let browser: Browser;
let amira: string;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const rowOf = (page: Page, merchant: string) => page.locator('tr', { has: page.locator(`[data-testid="merchant-auth-row"][data-merchant="${merchant}"]`) });

async function summaryOf(name: string): Promise<Summary | undefined> {
  const page = await apiCall<{ content: Summary[] }>(baseUrl, amira, 'GET', `/v1/service-provider/merchant-summary?name=${encodeURIComponent(name)}`);
  return page.content.find((m) => m.name === name);
}

async function openSignedIn(width: number, language?: 'ar'): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 }, ...(width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  if (language) await page.addInitScript((lang) => localStorage.setItem('corridor_language', lang), language);
  await signIn(page, AMIRA);
  await page.waitForURL('**/service-provider/wallet');
  return page;
}

/** Confirms the open decision dialog with a reason. */
async function decide(page: Page, reason: string) {
  const dialog = page.getByTestId('merchant-decision-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('merchant-auth-reason').fill(reason);
  await dialog.getByTestId('merchant-auth-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launch();
  amira = await tokenOf(baseUrl, AMIRA);
});
afterAll(async () => {
  await browser.close();
});

describe('merchant authorization', () => {
  it('shows each status in its tab, the tab in the URL; approves and pauses a merchant with a reason; its payment is then refused', async () => {
    const page = await openSignedIn(1280);
    await page.goto(`${LIST}/overview`);
    await rowOf(page, 'Soylent Foods').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'merchant-auth-overview-1280');

    // Every tab lists only its status, and the URL carries it.
    for (const [slug, status, merchant] of [
      ['pending-approval', 'PENDING_APPROVAL', 'Hooli Services'],
      ['expired', 'EXPIRED', 'Cyberdyne Systems'],
      ['paused', 'PAUSED', 'Soylent Foods'],
      ['blocked', 'BLOCKED', 'Tyrell Trading'],
      ['active', 'ACTIVE', 'Globex Trading'],
    ] as const) {
      await page.getByTestId(`merchant-auth-tab-${slug}`).click();
      await page.waitForURL(`**${LIST}/${slug}`);
      await rowOf(page, merchant).waitFor();
      const statuses = await page.getByTestId('merchant-auth-row').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-status')));
      expect(new Set(statuses), slug).toEqual(new Set([status]));
    }
    // The blocked merchant's last decision shows who blocked it and why.
    await page.getByTestId('merchant-auth-tab-blocked').click();
    await expect(rowOf(page, 'Tyrell Trading').getByTestId('merchant-auth-last-decision').textContent()).resolves.toContain(
      'Sanctions screening match under investigation',
    );

    // Approve the pending merchant (submitted by another user), then pause it.
    await page.getByTestId('merchant-auth-tab-pending-approval').click();
    await rowOf(page, 'Hooli Services').getByTestId('merchant-auth-approve').click();
    await decide(page, 'KYC and risk reviews complete');
    await expect.poll(async () => (await summaryOf('Hooli Services'))?.merchantProfileStatus).toBe('ACTIVE');
    await page.getByTestId('merchant-auth-tab-active').click();
    await rowOf(page, 'Hooli Services').getByTestId('merchant-auth-pause').click();
    // No reason: the approval machine keeps the dialog open and says so.
    await page.getByTestId('merchant-auth-confirm').click();
    await page.getByTestId('merchant-decision-dialog').getByRole('alert').waitFor();
    await decide(page, 'Unusual payment volume under review');
    await expect.poll(async () => (await summaryOf('Hooli Services'))?.merchantProfileStatus).toBe('PAUSED');
    const paused = await summaryOf('Hooli Services');
    expect(paused?.lastDecision).toMatchObject({ action: 'PAUSE', reason: 'Unusual payment volume under review', by: { name: 'Amira Haddad' } });
    await page.getByTestId('merchant-auth-tab-paused').click();
    await rowOf(page, 'Hooli Services').waitFor();
    await shot(page, 'merchant-auth-paused-1280');

    // The paused merchant's payment is refused by the server, naming the wallet.
    const hooli = await tokenOf(baseUrl, HOOLI_USER);
    const wallets = await apiCall<{ content: Array<{ id: string; currency: { code: string } }> }>(baseUrl, hooli, 'GET', '/v1/merchant/wallets?types=PAYMENT');
    const usd = wallets.content.find((w) => w.currency.code === 'USD');
    expect(usd).toBeDefined();
    const res = await fetch(`${baseUrl}/m/api/v1/transactions/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${hooli}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({
        walletId: usd?.id,
        sendAmount: '10',
        receiver: { name: 'Gulf Packaging LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
        message: 'Invoice 1',
      }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; invalidParameters: Array<{ parameter: string; message: string }> };
    expect(body.code).toBe('FORBIDDEN');
    expect(body.invalidParameters).toEqual([{ parameter: 'walletId', message: 'belongs to a merchant whose authorization is PAUSED' }]);
    await page.context().close();
  });

  it('fits a 390 px phone in Arabic, right to left, with the row actions in a menu', async () => {
    const page = await openSignedIn(390, 'ar');
    await page.goto(`${LIST}/expired`);
    await rowOf(page, 'Cyberdyne Systems').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'merchant-auth-expired-390-ar');
    // On a phone the actions are a menu: renew asks for the new end.
    await rowOf(page, 'Cyberdyne Systems').getByTestId('row-actions-menu').click();
    await page.locator('[role="menuitem"][data-testid="merchant-auth-renew"]').click();
    const dialog = page.getByTestId('merchant-decision-dialog');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await dialog.getByTestId('merchant-auth-end').waitFor();
    expect(await violations(page)).toEqual([]);
    await shot(page, 'merchant-auth-renew-390-ar');
    await page.context().close();
  });
});

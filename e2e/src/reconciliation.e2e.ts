import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, apiCall, launch } from './browser.ts';
import { violations } from './axe.ts';

/*
 * The reconciliation screen on Meridian's demo settlements (seed/demo-reconciliation.ts): days that reconcile, an
 * excess (a payout sent twice), a shortfall and a settlement never posted. Oliver (200000002) and Priya
 * (200000012) are Meridian's two users: a reason resolves alone, an adjustment that moves money takes both.
 */

const baseUrl = workerBaseUrl();
const PATH = '/service-provider/chart/excess-and-exceptions';
const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
let browser: Browser;

interface Exception {
  id: string;
  kind: string;
  status: string;
  settlementTransactionId: string;
  differenceAmount: string;
}
interface Day {
  settlementTransactionIds: string[];
  excessAmount: string;
  expectedAmount: string;
  settledAmount: string;
  status: string;
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

async function openAs(digit9Id: string, width = 1280, arabic = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (arabic) await page.addInitScript(() => localStorage.setItem('corridor_language', 'ar'));
  await page.goto('/login');
  await page.getByTestId('login-id').fill(digit9Id);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/service-provider/wallet');
  await page.goto(PATH);
  await page.getByTestId('reconciliation-screen').waitFor();
  return page;
}

/** The exceptions table row of a settlement. */
const rowOf = (page: Page, settlementTransactionId: string) => page.locator('tr', { hasText: settlementTransactionId });

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('reconciliation', () => {
  it('shows the days against the ledger, the chart and the exceptions, with no serious axe finding', async () => {
    const token = await tokenOf('200000002');
    const days = await apiCall<Day[]>(baseUrl, token, 'GET', '/v1/service-provider/reconciliation/days');
    expect(days.some((d) => d.status === 'RECONCILED')).toBe(true);
    expect(days.some((d) => d.status === 'EXCEPTIONS')).toBe(true);
    const page = await openAs('200000002');
    await page.getByTestId('reconciliation-chart').locator('svg').first().waitFor();
    await expect.poll(() => page.getByTestId('day-status').count()).toBe(Math.min(days.length, 5));
    await expect.poll(() => page.getByTestId('exception-status').count()).toBe(3);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.screenshot({ path: '/tmp/reconciliation-1280.png', fullPage: true });
    await page.context().close();
  });

  it('resolves an exception with a reason: recorded who and when', async () => {
    const token = await tokenOf('200000002');
    const open = (await apiCall<{ content: Exception[] }>(baseUrl, token, 'GET', '/v1/service-provider/reconciliation/exceptions?kinds=UNSETTLED')).content[0];
    expect(open?.status).toBe('OPEN');
    const page = await openAs('200000002');
    const row = rowOf(page, open!.settlementTransactionId);
    await row.getByTestId('exception-resolve').click();
    await page.getByTestId('exception-reason').fill('Merchant agreed to take it with next month’s settlement');
    await page.getByTestId('exception-confirm').click();
    await page.getByTestId('exception-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('exception-status').getAttribute('data-status')).toBe('RESOLVED');
    await expect.poll(() => row.textContent()).toContain('Resolved by Oliver Grant');
    const after = (await apiCall<{ content: Exception[] }>(baseUrl, token, 'GET', '/v1/service-provider/reconciliation/exceptions?kinds=UNSETTLED')).content[0];
    expect(after?.status).toBe('RESOLVED');
    await page.context().close();
  });

  it('an adjustment that moves money needs a second user: Oliver asks, cannot approve his own, Priya approves', async () => {
    const token = await tokenOf('200000002');
    const excess = (await apiCall<{ content: Exception[] }>(baseUrl, token, 'GET', '/v1/service-provider/reconciliation/exceptions?kinds=EXCESS&statuses=OPEN'))
      .content[0];
    expect(excess).toBeDefined();
    const oliver = await openAs('200000002');
    const row = rowOf(oliver, excess!.settlementTransactionId);
    await row.getByTestId('exception-resolve').click();
    await oliver.getByTestId('exception-reason').fill('Paid twice by the bank; take the second payout back');
    await oliver.getByTestId('exception-adjust').check();
    await oliver.getByTestId('exception-confirm').click();
    await oliver.getByTestId('exception-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('exception-status').getAttribute('data-status')).toBe('PENDING_APPROVAL');
    // His own approval is refused, in the dialog.
    await row.getByTestId('exception-approve').click();
    await oliver.getByTestId('exception-confirm').click();
    await oliver.locator('#exception-refusal').waitFor();
    await oliver.getByTestId('exception-cancel').click();
    await oliver.context().close();

    const priya = await openAs('200000012');
    const theirRow = rowOf(priya, excess!.settlementTransactionId);
    await theirRow.getByTestId('exception-approve').click();
    await priya.getByTestId('exception-confirm').click();
    await priya.getByTestId('exception-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => theirRow.getByTestId('exception-status').getAttribute('data-status')).toBe('RESOLVED');
    await expect.poll(() => theirRow.textContent()).toContain('Resolved by Priya Shah');
    await priya.context().close();

    // The ledger now matches: the day's settled equals its expected, no excess left.
    const days = await apiCall<Day[]>(baseUrl, token, 'GET', '/v1/service-provider/reconciliation/days');
    const day = days.find((d) => d.settlementTransactionIds.includes(excess!.settlementTransactionId));
    expect(day).toMatchObject({ excessAmount: '0', status: 'RESOLVED' });
    expect(day?.settledAmount).toBe(day?.expectedAmount);
  });

  it('fits a phone in Arabic, right to left, with no serious axe finding', async () => {
    const page = await openAs('200000002', 390, true);
    await page.getByTestId('exception-status').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain('التسوية');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page, { reasons: true })).toEqual([]);
    await page.screenshot({ path: '/tmp/reconciliation-390-ar.png', fullPage: true });
    await page.context().close();
  });
});

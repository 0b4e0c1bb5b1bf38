import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, fundedUsdAedWallets, launch } from './browser.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { MERCHANT_USER, PORTAL_CLIENT, tokenOf } from './outbox-harness.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A branch on a bad line, as its staff live it: every call of the API (sign-in, token renewals, reads,
 * quotes, payments) goes through a proxy that loses 30 % of the answers after the server committed
 * them and answers 503 to another 20 %, drawn from a fixed seed. The merchant signs in through the
 * form, types 20 payments into the new-payment form one after the other, reloads twice, and loses the
 * line for longer than an access token lives (this server's tokens live 20 s), so the token expires
 * on the way. At the end the server holds exactly one payment per draft and the user was never
 * signed out: no renewal was refused, the login and logout pages were never shown, nobody was asked
 * to sign in again. Then the same with two tabs, and a top-up and a transfer on a quote.
 *
 * Nothing about the portal is faked: its real clock, its real retries, its real outbox.
 */
const TOKEN_LIFETIME_S = 20;
const DRAFTS = 20;
const PLAN = { seed: 20261202, lostAnswerShare: 0.3, unavailableShare: 0.2, client: PORTAL_CLIENT, scope: 'calls' } as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_LIFETIME_SECONDS: String(TOKEN_LIFETIME_S) });
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Watch {
  /** Every address the tabs showed after signing in. */
  visited: string[];
  /** Times the sign-in form said the line failed. */
  lineFailures: number;
}

function watch(page: Page, seen: Watch): void {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.visited.push(new URL(frame.url()).pathname);
  });
}

/** Signs in through the form; when the line fails the sign-in, the form says so and the user tries again. */
async function signInOnBadLine(page: Page, seen: Watch): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-id').fill(MERCHANT_USER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  for (let tries = 0; tries < 10; tries += 1) {
    await page.getByTestId('login-submit').click();
    const outcome = await Promise.race([
      page.waitForURL('**/merchant/wallet', { timeout: 60_000 }).then(() => 'in' as const),
      page
        .getByTestId('login-network-error')
        .waitFor({ timeout: 60_000 })
        .then(() => 'line' as const),
    ]);
    if (outcome === 'in') return;
    seen.lineFailures += 1;
    // The form kept what was typed: the user only presses the button again.
    expect(await page.getByTestId('login-id').inputValue()).toBe(MERCHANT_USER);
    expect(await page.getByTestId('login-password').inputValue()).toBe(DEMO_PASSWORD);
  }
  throw new Error('ten sign-ins failed on the line');
}

/** The app's shell is up on a signed-in screen (after a navigation or a reload). */
async function signedInScreen(page: Page): Promise<void> {
  await page.getByTestId('company-name').waitFor({ timeout: 60_000 });
}

/** The payment the user means, told apart by its amount and message. */
interface Meant {
  amount: string;
  message: string;
}

/**
 * Opens New payment and sends `meant` from the merchant's AED wallet to its saved AED beneficiary (no
 * quote: the line's faults are the subject here). A list the line kept from loading is what a user
 * meets as an empty choice: they reload the form.
 */
async function draftPayment(page: Page, meant: Meant): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    await page.goto('/merchant/transactions/payments/new');
    await page.getByTestId('payment-form').waitFor({ timeout: 60_000 });
    try {
      const wallet = page.getByTestId('payment-wallet').locator('option', { hasText: '(AED)' }).first();
      await wallet.waitFor({ state: 'attached', timeout: 20_000 });
      await page.getByTestId('payment-wallet').selectOption((await wallet.getAttribute('value')) ?? '');
      const beneficiary = page.getByTestId('payment-beneficiary').locator('option', { hasText: 'Yusuf' });
      await beneficiary.waitFor({ state: 'attached', timeout: 20_000 });
      await page.getByTestId('payment-beneficiary').selectOption((await beneficiary.getAttribute('value')) ?? '');
    } catch (error) {
      if (tries >= 5) throw error;
      continue;
    }
    await page.getByTestId('payment-amount').fill(meant.amount);
    await page.getByTestId('payment-purpose').fill('Office rent');
    await page.getByTestId('payment-message').fill(meant.message);
    await expect.poll(() => page.getByTestId('payment-send').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('payment-send').click();
    // In the device's outbox (waiting or already sent): the user goes on to the next one.
    try {
      await Promise.race([
        page.getByTestId('payment-queued').waitFor({ timeout: 60_000 }),
        page.waitForURL(/\/merchant\/transactions\/payments\/(?!new)[^/]+$/, { timeout: 60_000 }),
      ]);
    } catch (error) {
      if (process.env.E2E_SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS_DIR}/bad-line-stuck.png`, fullPage: true });
      throw error;
    }
    return;
  }
}

interface ServerRow {
  id: string;
  draftId: string | null;
  [field: string]: unknown;
}

/** The merchant's payments the server holds that carry `marker` in any field. */
async function paymentsMarked(token: string, marker: string): Promise<ServerRow[]> {
  const res = await fetch(`${server.baseUrl}/m/api/v1/transactions/payments?size=10000`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`payments answered ${res.status}`);
  return ((await res.json()) as { content: ServerRow[] }).content.filter((row) => JSON.stringify(row).includes(marker));
}

/** Waits until the server holds `count` payments with the marker (the outbox sends at its own pace). */
async function waitForPayments(token: string, marker: string, count: number): Promise<ServerRow[]> {
  const deadline = Date.now() + 240_000;
  let rows = await paymentsMarked(token, marker);
  while (rows.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    rows = await paymentsMarked(token, marker);
  }
  return rows;
}

/** The line drops for longer than an access token lives: the one the tabs hold expires meanwhile. */
async function dropLineBeyondTokenLife(context: BrowserContext): Promise<number> {
  const started = Date.now();
  await context.setOffline(true);
  await new Promise((resolve) => setTimeout(resolve, (TOKEN_LIFETIME_S + 3) * 1000));
  await context.setOffline(false);
  return Date.now() - started;
}

function expectNeverSignedOut(proxy: FaultProxy, seen: Watch, pages: Page[]): Promise<void>[] {
  expect(proxy.counts.token.renewalsRefused).toBe(0);
  const afterSignIn = seen.visited.slice(seen.visited.indexOf('/merchant/wallet'));
  expect(afterSignIn.filter((path) => path === '/login' || path === '/logout')).toEqual([]);
  return pages.map(async (page) => expect(await page.getByTestId('sign-in-again').count()).toBe(0));
}

function expectOnePerDraft(rows: ServerRow[], meant: Meant[]): void {
  expect(rows).toHaveLength(meant.length);
  // One payment per draft: every draft id once, every meant payment once.
  expect(new Set(rows.map((row) => row.draftId)).size).toBe(meant.length);
  for (const m of meant)
    expect(
      rows.filter((row) => JSON.stringify(row).includes(`"${m.message}"`)),
      m.message,
    ).toHaveLength(1);
}

describe('a branch on a bad line', () => {
  it('20 payments typed one by one through lost answers, 503s, two reloads and an expired token: 20 on the server, never signed out', async () => {
    const proxy = await startFaultProxy(server.baseUrl, PLAN);
    const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 800 } });
    const seen: Watch = { visited: [], lineFailures: 0 };
    try {
      const page = await context.newPage();
      watch(page, seen);
      await signInOnBadLine(page, seen);
      const marker = `LINE-${randomUUID().slice(0, 8)}`;
      const meant = Array.from({ length: DRAFTS }, (_, i) => ({ amount: `${11 + i}.${String(i * 3).padStart(2, '0')}`, message: `${marker} ${i + 1}` }));
      let offlineMs = 0;
      for (const [i, m] of meant.entries()) {
        await draftPayment(page, m);
        if (i === 6 || i === 13) {
          await page.reload();
          await signedInScreen(page);
        }
        if (i === 9) offlineMs = await dropLineBeyondTokenLife(context);
      }
      const token = await tokenOf(server.baseUrl);
      const rows = await waitForPayments(token, marker, DRAFTS);
      expectOnePerDraft(rows, meant);
      await Promise.all(expectNeverSignedOut(proxy, seen, [page]));
      // The line was as bad as planned, and the token expired on the way (the tab renewed it again).
      expect(offlineMs).toBeGreaterThan(TOKEN_LIFETIME_S * 1000);
      expect(proxy.counts.lostAnswers + proxy.counts.otherFaults).toBeGreaterThan(20);
      expect(proxy.counts.token.faulted).toBeGreaterThan(0);
      expect(proxy.counts.token.renewals).toBeGreaterThanOrEqual(3);
      console.log(`one tab on a bad line: ${JSON.stringify({ ...proxy.counts, byDraft: proxy.counts.byDraft.size, signInTries: seen.lineFailures + 1 })}`);
    } finally {
      await context.close();
      await proxy.stop();
    }
  }, 600_000);

  it('the same with two tabs open: drafts from both, each reloaded once, one payment per draft, never signed out', async () => {
    const proxy = await startFaultProxy(server.baseUrl, { ...PLAN, seed: PLAN.seed + 1 });
    const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 800 } });
    const seen: Watch = { visited: [], lineFailures: 0 };
    try {
      const first = await context.newPage();
      watch(first, seen);
      await signInOnBadLine(first, seen);
      const second = await context.newPage();
      await second.goto('/merchant/wallet');
      await signedInScreen(second);
      const marker = `TABS-${randomUUID().slice(0, 8)}`;
      const meant = Array.from({ length: DRAFTS }, (_, i) => ({
        amount: `${31 + i}.${String((i * 7) % 100).padStart(2, '0')}`,
        message: `${marker} ${i + 1}`,
      }));
      for (const [i, m] of meant.entries()) {
        const tab = i % 2 === 0 ? first : second;
        // The user works in the tab they look at.
        await tab.bringToFront();
        await draftPayment(tab, m);
        if (i === 7 || i === 12) {
          await tab.reload();
          await signedInScreen(tab);
        }
        if (i === 10) await dropLineBeyondTokenLife(context);
      }
      const token = await tokenOf(server.baseUrl);
      const rows = await waitForPayments(token, marker, DRAFTS);
      expectOnePerDraft(rows, meant);
      await Promise.all(expectNeverSignedOut(proxy, seen, [first, second]));
      // Both tabs sent (each drafted half), through one sender at a time; a reload or a line drop can
      // abandon a call the server is still running, so the proxy may see the next start before that
      // one ends: the server's count per draft above is the proof that nothing was made twice.
      expect(proxy.counts.paymentCalls).toBeGreaterThanOrEqual(DRAFTS);
      console.log(`two tabs on a bad line: ${JSON.stringify({ ...proxy.counts, byDraft: proxy.counts.byDraft.size })}`);
    } finally {
      await context.close();
      await proxy.stop();
    }
  }, 600_000);

  it('a top-up and a transfer on a quote through the same line: each once on the server, never signed out', async () => {
    const ops = await tokenOf(server.baseUrl, '900000001');
    const merchant = await tokenOf(server.baseUrl);
    const { usd, aed } = await fundedUsdAedWallets(server.baseUrl, merchant, ops);
    const proxy = await startFaultProxy(server.baseUrl, { ...PLAN, seed: PLAN.seed + 2 });
    const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 800 } });
    const seen: Watch = { visited: [], lineFailures: 0 };
    try {
      const page = await context.newPage();
      watch(page, seen);
      await signInOnBadLine(page, seen);

      // The top-up: sent under one idempotency key; the user presses again only if the form says it was not sent.
      const topUpReference = `TOPUP-${randomUUID().slice(0, 8)}`;
      await page.goto('/merchant/transactions/top-ups/new');
      await page.getByTestId('top-up-form').waitFor({ timeout: 60_000 });
      await page.locator(`[data-testid="top-up-wallet"] option[value="${usd.id}"]`).waitFor({ state: 'attached', timeout: 60_000 });
      await page.getByTestId('top-up-wallet').selectOption(usd.id);
      await page.locator('[data-testid="top-up-collection-mode"] option:nth-child(2)').waitFor({ state: 'attached', timeout: 60_000 });
      await page.getByTestId('top-up-collection-mode').selectOption({ index: 1 });
      await page.getByTestId('top-up-amount').fill('321');
      await page.getByTestId('top-up-reference').fill(topUpReference);
      await submitUntilLeft(page, 'top-up-submit', /\/merchant\/transactions\/top-ups(\/(?!new)[^/]+)?$/);

      // The transfer: USD to AED on a firm quote; a quote that expires on the way is asked again by the form.
      const transferReference = `XFER-${randomUUID().slice(0, 8)}`;
      await page.goto('/merchant/transactions/transfers/new');
      await page.getByTestId('transfer-form').waitFor({ timeout: 60_000 });
      for (const [testId, id] of [
        ['transfer-source', usd.id],
        ['transfer-target', aed.id],
      ] as const) {
        await page.locator(`[data-testid="${testId}"] option[value="${id}"]`).waitFor({ state: 'attached', timeout: 60_000 });
        await page.getByTestId(testId).selectOption(id);
      }
      await page.getByTestId('transfer-amount').fill('250.75');
      await page.getByTestId('transfer-remarks').fill(transferReference);
      await page.getByTestId('fx-quote-countdown').waitFor({ timeout: 90_000 });
      await submitUntilLeft(page, 'transfer-submit', /\/merchant\/transactions\/transfers(\/(?!new)[^/]+)?$/);

      // A token of its own for the check: the one taken before the forms lives 20 s on this server, less than they take.
      const rows = async () => {
        const res = await fetch(`${server.baseUrl}/v2/merchant/transactions?size=1000`, {
          headers: { Authorization: `Bearer ${await tokenOf(server.baseUrl)}` },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { content: Array<{ referenceNumber: string | null }> }).content;
      };
      const all = await rows();
      expect(all.filter((row) => row.referenceNumber === topUpReference)).toHaveLength(1);
      expect(all.filter((row) => JSON.stringify(row).includes(transferReference))).toHaveLength(1);
      await Promise.all(expectNeverSignedOut(proxy, seen, [page]));
      console.log(`top-up and transfer on a bad line: ${JSON.stringify({ ...proxy.counts, byDraft: proxy.counts.byDraft.size })}`);
    } finally {
      await context.close();
      await proxy.stop();
    }
  }, 600_000);
});

/**
 * Presses the form's button until the form has left for `url`: the client already repeats a keyed
 * create the line failed; if even that ran out, the form stays and says so, and the user presses again
 * (the same key: the server answers with the first one).
 */
async function submitUntilLeft(page: Page, button: string, url: string | RegExp): Promise<void> {
  for (let tries = 0; tries < 8; tries += 1) {
    await expect.poll(() => page.getByTestId(button).isEnabled(), { timeout: 90_000 }).toBe(true);
    await page.getByTestId(button).click();
    const left = await page
      .waitForURL(url, { timeout: 45_000 })
      .then(() => true)
      .catch(() => false);
    if (left) return;
  }
  throw new Error(`${button}: the form never left`);
}

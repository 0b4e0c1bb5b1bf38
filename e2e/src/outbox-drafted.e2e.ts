import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { launch, newPage, signIn } from './browser.ts';
import { activeWallet, draftBody, landing, MERCHANT_USER, serverPayments, tokenOf, userIdOf } from './outbox-harness.ts';
import { enqueueDrafts, exposeOutboxEnqueue } from './outbox-page.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

it('drafts made offline show in the drafted tab at once, waiting to send with their age, on top of the table too, and once the server holds them the table lists each once', async () => {
  const token = await tokenOf(baseUrl);
  const wallet = await activeWallet(baseUrl, token);
  const userId = await userIdOf(baseUrl, token);
  const before = await serverPayments(baseUrl, token);
  const { context, page } = await newPage(browser, baseUrl);
  await signIn(page, MERCHANT_USER);
  await page.waitForURL('**/merchant/wallet');
  await page.goto('/merchant/transactions/payments?tab=drafted');
  await page.getByTestId('payments-screen').waitFor();
  await exposeOutboxEnqueue(page);

  await context.setOffline(true);
  const bodies = [0, 1].map((i) => draftBody(900 + i, wallet));
  await enqueueDrafts(page, userId, bodies);
  const rows = page.getByTestId('unsent-payment');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
  expect(await rows.evaluateAll((r) => r.map((e) => [e.getAttribute('data-id'), e.getAttribute('data-state')]))).toEqual(
    bodies.map((b) => [b.draftId, 'queued']),
  );
  await expect(rows.first().textContent()).resolves.toContain('Outbox proof 901');
  await expect(rows.first().getByTestId('unsent-payment-state').textContent()).resolves.toBe('Waiting to send');
  await expect(rows.first().getByTestId('unsent-payment-age').textContent()).resolves.toMatch(/ago|now/);
  // The list's table holds them too, on top of its (older) cached page, marked as waiting to send.
  const tableRow = (draftId: string) => page.locator(`[data-testid="payment-row"][data-draft-id="${draftId}"]`);
  for (const body of bodies) {
    await tableRow(body.draftId).waitFor({ timeout: 30_000 });
    expect(await tableRow(body.draftId).getAttribute('data-outbox-state')).toBe('queued');
  }
  const tableIds = await page.getByTestId('payment-row').evaluateAll((r) => r.map((e) => e.getAttribute('data-draft-id')));
  expect(tableIds.slice(0, 2).sort()).toEqual(bodies.map((b) => b.draftId).sort());
  await expect(page.getByTestId('payment-row-outbox-state').first().textContent()).resolves.toBe('Waiting to send');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsent-payments-1280-en.png`, fullPage: true });

  // Back online, the outbox sends them; they leave the device's list and the server holds each once.
  await context.setOffline(false);
  await page.getByTestId('unsent-payments').waitFor({ state: 'detached', timeout: 60_000 });
  // In the table each is there once: the server's row, the outbox's gone.
  for (const body of bodies) {
    await expect
      .poll(async () => tableRow(body.draftId).evaluateAll((r) => r.map((e) => e.getAttribute('data-outbox-state'))), { timeout: 30_000 })
      .toEqual([null]);
  }
  const landed = landing(
    before,
    await serverPayments(baseUrl, token),
    bodies.map((b) => b.draftId),
  );
  expect(landed.missing).toEqual([]);
  expect(landed.doubled).toEqual([]);
  await context.close();
});

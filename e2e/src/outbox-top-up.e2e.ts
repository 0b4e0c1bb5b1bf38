import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { launch, newPage, signIn } from './browser.ts';
import { MERCHANT_USER, tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

/** The merchant's transactions the server holds with exactly this reference. */
async function serverTopUps(token: string, referenceNumber: string): Promise<Array<{ transactionId: string; category: string; status: string }>> {
  const res = await fetch(`${baseUrl}/v2/merchant/transactions?size=1000&referenceNumber=${encodeURIComponent(referenceNumber)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`transactions answered ${res.status}: ${await res.text()}`);
  const rows = ((await res.json()) as { content: Array<{ transactionId: string; category: string; status: string; referenceNumber: string | null }> }).content;
  return rows.filter((row) => row.referenceNumber === referenceNumber);
}

it('a top-up made offline is queued on the device, listed as waiting, and lands once when the network returns', async () => {
  const token = await tokenOf(baseUrl);
  const reference = `OFFLINE-${randomUUID().slice(0, 8)}`;
  const { context, page } = await newPage(browser, baseUrl);
  await signIn(page, MERCHANT_USER);
  await page.waitForURL('**/merchant/wallet');
  // The list first, then its New top-up button: both screens' code is loaded while online, as when a
  // person works in the portal and the network drops.
  await page.goto('/merchant/transactions/top-ups');
  await page.getByTestId('transactions-screen').waitFor();
  await page.getByTestId('transaction-new').click();
  await page.waitForURL('**/merchant/transactions/top-ups/new');
  // The wallets and collection modes are read while online; the device keeps them for the offline form.
  await page.locator('[data-testid="top-up-wallet"] option:nth-child(2)').waitFor({ state: 'attached', timeout: 30_000 });
  await page.locator('[data-testid="top-up-collection-mode"] option:nth-child(2)').waitFor({ state: 'attached', timeout: 30_000 });

  await context.setOffline(true);
  await expect.poll(() => page.getByTestId('top-up-submit').textContent(), { timeout: 10_000 }).toBe('Queue top-up');
  await expect(page.getByTestId('form-needs-network').count()).resolves.toBe(0);
  await page.getByTestId('top-up-wallet').selectOption({ index: 1 });
  await page.getByTestId('top-up-collection-mode').selectOption({ index: 1 });
  await page.getByTestId('top-up-amount').fill('321');
  await page.getByTestId('top-up-reference').fill(reference);
  await page.getByTestId('top-up-submit').click();
  await page.waitForURL('**/merchant/transactions/top-ups');
  await page.getByTestId('notification').filter({ hasText: 'when you are back online' }).first().waitFor();
  const row = page.getByTestId('unsent-top-up');
  await row.waitFor({ timeout: 30_000 });
  await expect(row.getAttribute('data-state')).resolves.toBe('queued');
  await expect(row.textContent()).resolves.toContain(reference);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsent-top-ups-1280-en.png`, fullPage: true });
  expect(await serverTopUps(token, reference)).toEqual([]);

  // Back online, the outbox sends it; it leaves the device's list and the server holds it once.
  await context.setOffline(false);
  await page.getByTestId('unsent-top-ups').waitFor({ state: 'detached', timeout: 60_000 });
  const landed = await serverTopUps(token, reference);
  expect(landed).toHaveLength(1);
  expect(landed[0]).toMatchObject({ category: 'TOPUP', status: 'PENDING' });
  // A reload (and the sender's next wake) sends nothing again.
  await page.reload();
  await page.getByTestId('transactions-screen').waitFor();
  await expect(page.getByTestId('unsent-top-ups').count()).resolves.toBe(0);
  expect(await serverTopUps(token, reference)).toHaveLength(1);
  await context.close();
});

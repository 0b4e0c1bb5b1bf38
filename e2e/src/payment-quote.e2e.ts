import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
/** The shortest quote validity a deal config accepts: long enough to read, short enough to watch expire. */
const VALIDITY_SECONDS = 10;
let browser: Browser;

async function tokenOf(digit9Id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${CLIENT}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Deal {
  id: string;
  currencyConfigId: string;
  sourceCurrency: string;
  targetCurrency: string;
  dealType: string;
  rateProviderId: string;
  instrumentId: string;
  instrumentStatus: string;
}

/** The TSP shortens the quote validity of its USD→AED cash deal, through the config call its screens use. */
async function shortenQuoteValidity(): Promise<void> {
  const token = await tokenOf('200000001');
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const res = await fetch(`${baseUrl}/v1/config/currency-deals?sourceCurrency=USD&targetCurrency=AED&dealType=CASH`, { headers });
  expect(res.status).toBe(200);
  const deal = ((await res.json()) as { content: Deal[] }).content.find(
    (d) => d.dealType === 'CASH' && d.sourceCurrency === 'USD' && d.targetCurrency === 'AED',
  );
  expect(deal).toBeDefined();
  const { id, currencyConfigId, sourceCurrency, targetCurrency, dealType, rateProviderId, instrumentId, instrumentStatus } = deal!;
  const put = await fetch(`${baseUrl}/v1/config/currency-deals/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      currencyConfigId,
      sourceCurrency,
      targetCurrency,
      dealType,
      rateProviderId,
      instrumentId,
      instrumentStatus,
      quoteValiditySeconds: VALIDITY_SECONDS,
    }),
  });
  expect(put.status).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
  await shortenQuoteValidity();
});
afterAll(async () => {
  await browser.close();
});

/** Picks the first wallet in `currency` and a cross-currency amount into `receive`. */
async function fillCrossCurrency(page: Page, currency: string, receive: string, { purpose = true } = {}): Promise<void> {
  const wallet = page.getByTestId('payment-wallet');
  await wallet
    .locator('option', { hasText: `(${currency})` })
    .first()
    .waitFor({ state: 'attached' });
  const value = await wallet
    .locator('option', { hasText: `(${currency})` })
    .first()
    .getAttribute('value');
  await wallet.selectOption(value!);
  await page.getByTestId('payment-amount').fill('1000');
  await page.getByTestId('payment-receive-currency').selectOption(receive);
  await page.getByTestId('payment-receiver-name').fill('Desert Rose Trading');
  await page.getByTestId('payment-receiver-country').fill('AE');
  await page.getByTestId('payment-receiver-account').fill('AE070331234567890123456');
  if (purpose) await page.getByTestId('payment-purpose').fill('Supplier invoice 2211');
}

/** The quote's tag stays in sight below the 56 px top bar wherever the form is scrolled to. */
async function tagInSight(page: Page, testId: string): Promise<void> {
  for (const y of [0, 400, 100_000]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    const box = await page.getByTestId(testId).boundingBox();
    expect(box, `${testId} at scroll ${y}`).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(56);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    // Nothing (the top bar) lies over it.
    const onTop = await page.evaluate(({ id, x, y: top }) => document.elementFromPoint(x, top)?.closest(`[data-testid="${id}"]`) !== null, {
      id: testId,
      x: box!.x + box!.width / 2,
      y: box!.y + box!.height / 2,
    });
    expect(onTop, `${testId} uncovered at scroll ${y}`).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const countdown = (page: Page) => page.getByTestId('fx-quote-countdown').textContent();

describe('pricing a payment through a quote', () => {
  it('a merchant gets a quote that counts down, expires, and asks again for a new one', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/payments/new');
    await page.getByTestId('payment-form').waitFor();
    const firstQuote = page.waitForResponse((r) => r.url().endsWith('/merchant/v1/quote') && r.request().method() === 'POST');
    // The panel says what the quote waits for: here the purpose, the one field left.
    await fillCrossCurrency(page, 'USD', 'AED', { purpose: false });
    await expect(page.getByTestId('fx-waiting').textContent()).resolves.toBe('Choose a purpose to get a quote.');
    await page.getByTestId('payment-purpose').fill('Supplier invoice 2211');
    expect((await firstQuote).status()).toBe(201);
    await page.getByTestId('fx-quote-countdown').waitFor();
    await tagInSight(page, 'fx-quote-countdown');
    await expect(page.getByTestId('fx-receive-amount').textContent()).resolves.toContain('AED');
    const first = await countdown(page);
    // The countdown moves each second on the server's clock.
    await expect.poll(() => countdown(page), { timeout: 5000 }).not.toBe(first);
    expect(await page.getByTestId('fx-negotiate').isDisabled()).toBe(true);
    expect(await page.getByTestId('payment-send').isDisabled()).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-new-1280.png`, fullPage: true });

    // Expired: the tag says so, the payment cannot be sent on it, and negotiating gets a new quote.
    await page.getByTestId('fx-quote-expired').waitFor({ timeout: (VALIDITY_SECONDS + 5) * 1000 });
    expect(await page.getByTestId('payment-send').isDisabled()).toBe(true);
    // The disabled send says what to do instead.
    await expect(page.getByTestId('payment-send').textContent()).resolves.toBe('Get a new quote');
    await tagInSight(page, 'fx-quote-expired');
    const negotiation = page.waitForResponse((r) => r.url().endsWith('/merchant/v1/quote/negotiate'));
    await page.getByTestId('fx-negotiate').click();
    const answer = await negotiation;
    expect(answer.status()).toBeLessThan(300);
    const renewed = (await answer.json()) as { id: string; expireAt: string };
    expect(Date.parse(renewed.expireAt)).toBeGreaterThan(Date.now());
    await page.getByTestId('fx-quote-countdown').waitFor();
    expect(await page.getByTestId('payment-send').isDisabled()).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-new-390.png`, fullPage: true });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect(page.getByTestId('payment-send').textContent()).resolves.toContain('إرسال الدفعة');
    // Nothing wider than the phone's screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-new-390-ar.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-new-1280-ar.png`, fullPage: true });
    await context.close();
  });

  it('a TSP pays for one of its merchants, edits the OUR fee, and the saved fee recalculates the quote', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/service-provider/transactions/payments/new');
    await page.getByTestId('payment-form').waitFor();
    await fillCrossCurrency(page, 'USD', 'AED');
    await page.getByTestId('fx-quote-countdown').waitFor();

    await page.getByTestId('fx-fee-OUR').getByRole('button').click();
    await page.getByTestId('fx-edit-invalid').waitFor();
    expect(await page.getByTestId('payment-send').isDisabled()).toBe(true);
    await page.getByTestId('fx-fee-OUR').getByRole('textbox').fill('25');
    const saved = page.waitForResponse((r) => r.url().endsWith('/tsp/v1/quote') && r.request().method() === 'POST');
    await page.getByTestId('fx-fee-OUR').getByRole('button').click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({ fees: { OUR: '25' } });
    expect(answer.status()).toBeLessThan(300);
    // The recalculated quote carries the TSP's OUR fee (priced as the correspondent's OUR charge) in its total debit.
    const recalculated = (await answer.json()) as { correspondentCharges: Array<{ feeType: string; amount: string }>; totalDebit?: { amount: string } };
    expect(recalculated.correspondentCharges.find((c) => c.feeType === 'OUR')?.amount).toBe('25.00');
    expect(Number(recalculated.totalDebit?.amount)).toBeGreaterThan(1025);
    await page.getByTestId('fx-quote-countdown').waitFor();
    // The panel's OUR row shows the fee that was edited and priced.
    await expect.poll(() => page.getByTestId('fx-fee-OUR').textContent()).toContain('25.00 USD');
    expect(await page.getByTestId('payment-send').isDisabled()).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-new-tsp-1280.png`, fullPage: true });
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { apiCall as call, authorizationRow, fundedUsdAedWallets, launch, signIn, signedInPage, type MerchantWallet } from './browser.ts';
import { tokenOf as tokenAt } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** Globex (a merchant of Atlas Bank), two Atlas Bank users (the source and the target side's approvers), operations. */
const MERCHANT = '100000001';
const ATLAS_1 = '200000001';
const ATLAS_2 = '200000011';
const OPS = '900000001';
const TRANSFERS = '/merchant/transactions/transfers';
const PENDING_AUTHORIZATIONS = '/service-provider/transaction-authorization/service-provider/transfers/list/pending';

interface Charge {
  chargeMode: string;
  amount: string;
  currency: string;
}
interface Transaction {
  id: string;
  transactionId: string;
  status: string;
  quoteId: string | null;
  sourceApprovalStatus: string | null;
  targetApprovalStatus: string | null;
  sourceAmount: string;
  sourceCurrency: string;
  targetAmount: string;
  targetCurrency: string;
  correspondentCharges: Charge[];
  tax: { name: string; amount: string }[];
}

let browser: Browser;
let merchant: string;
let usd: MerchantWallet;
let aed: MerchantWallet;
/** The transfer the first test creates and has approved; the second prints its receipt. */
let transfer: Transaction | undefined;

const tokenOf = (digit9Id: string) => tokenAt(baseUrl, digit9Id);
const apiCall = <T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown) => call<T>(baseUrl, token, method, path, body);
const transactionOf = (id: string) => apiCall<Transaction>(merchant, 'GET', `/v2/merchant/transactions/${id}`);

/**
 * Decimal strings as integers scaled to a common number of places, so the totals are worked out without
 * binary floating point, as the ledger does.
 */
const SCALE = 8;
function scaled(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.trim().replace(/^-/, '').split('.');
  const value = BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
  return amount.trim().startsWith('-') ? -value : value;
}
/** An amount printed by the receipt ("1,025.00 USD") in the same scale, and its currency. */
function printed(text: string): { value: bigint; currency: string } {
  const match = /^\s*(-?[\d,]+(?:\.\d+)?)\s+([A-Z]{3})\s*$/.exec(text);
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return { value: scaled(match[1]!.replaceAll(',', '')), currency: match[2]! };
}

/** The PDF's pages (page objects, not the /Pages tree) and the first page's MediaBox width and height. */
function pdfPages(pdf: Buffer): { pages: number; width: number; height: number } {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?!s)\b/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(text);
  if (!box) throw new Error('the PDF has no MediaBox');
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  return { pages, width: x1 - x0, height: y1 - y0 };
}

beforeAll(async () => {
  browser = await launch();
  merchant = await tokenOf(MERCHANT);
  ({ usd, aed } = await fundedUsdAedWallets(baseUrl, merchant, await tokenOf(OPS)));
});
afterAll(async () => {
  await browser.close();
});

/** Picks a wallet in one of the form's selects once the wallets have loaded. */
async function pickWallet(page: Page, testId: string, walletId: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${walletId}"]`).waitFor({ state: 'attached', timeout: 30_000 });
  await select.selectOption(walletId);
}

/** An Atlas user approves the transfer's pending side from the authorizations list, as that side. */
async function approveSide(digit9Id: string, transactionId: string, side: 'SOURCE' | 'TARGET'): Promise<void> {
  const page = await signedInPage(browser, baseUrl, digit9Id, 'service-provider');
  await page.goto(PENDING_AUTHORIZATIONS);
  const row = authorizationRow(page, transactionId);
  await row.waitFor({ timeout: 30_000 });
  await expect(row.getByTestId('auth-side').getAttribute('data-side')).resolves.toBe(side);
  await row.getByTestId('auth-approve').click();
  await page.getByTestId('auth-decision-dialog').waitFor();
  await page.getByTestId('auth-confirm').click();
  await page.getByTestId('auth-decision-dialog').waitFor({ state: 'detached', timeout: 30_000 });
  await page.context().close();
}

describe('a transfer from the portal to its printed receipt', () => {
  it('the merchant sends a transfer on a firm quote; the source and target sides approve it: COMPLETED', async () => {
    const page = await signedInPage(browser, baseUrl, MERCHANT, 'merchant');
    await page.goto(`${TRANSFERS}/new`);
    await page.getByTestId('transfer-form').waitFor();
    await pickWallet(page, 'transfer-source', usd.id);
    await pickWallet(page, 'transfer-target', aed.id);
    const quoted = page.waitForResponse((r) => r.url().endsWith('/merchant/v1/quote') && r.request().method() === 'POST');
    await page.getByTestId('transfer-amount').fill('1250.50');
    const quoteAnswer = await quoted;
    expect(quoteAnswer.status()).toBe(201);
    const quote = (await quoteAnswer.json()) as { id: string };

    // The firm quote: its countdown, the exchange rate and its reverse.
    await page.getByTestId('fx-quote-countdown').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('fx-exchange-rate').textContent()).resolves.toMatch(/1 USD = [\d.,]+ AED/);
    await expect(page.getByTestId('fx-reverse-rate').textContent()).resolves.toMatch(/1 AED = [\d.,]+ USD/);
    await expect(page.getByTestId('fx-send-amount').textContent()).resolves.toContain('1,250.50 USD');
    // Send names the quote the panel holds: it is on as soon as the quote counts down.
    expect(await page.getByTestId('transfer-submit').isDisabled()).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-new-quoted-1280.png`, fullPage: true });

    const sent = page.waitForResponse((r) => r.url().endsWith('/v2/merchant/transactions') && r.request().method() === 'POST');
    await page.getByTestId('transfer-submit').click();
    const sentAnswer = await sent;
    expect(sentAnswer.status()).toBe(201);
    const created = (await sentAnswer.json()) as Transaction;
    expect(sentAnswer.request().postDataJSON()).toMatchObject({ category: 'TRANSFER', quoteId: quote.id, sourceWalletId: usd.id, targetWalletId: aed.id });
    // The portal opens the transfer's own page.
    await page.waitForURL(`**${TRANSFERS}/${encodeURIComponent(created.transactionId)}`, { timeout: 30_000 });

    const held = await transactionOf(created.id);
    expect([held.status, held.sourceApprovalStatus, held.targetApprovalStatus]).toEqual(['PENDING', 'PENDING', 'PENDING']);
    expect([held.quoteId, held.sourceCurrency, held.targetCurrency]).toEqual([quote.id, 'USD', 'AED']);
    expect(scaled(held.sourceAmount)).toBe(scaled('1250.50'));

    // The merchant's pending list shows it.
    await page.goto(`${TRANSFERS}?tab=pending`);
    const listed = page.locator(`[data-testid="transaction-row"][data-transaction-id="${created.transactionId}"]`);
    await listed.waitFor({ timeout: 30_000 });
    await expect(listed.getAttribute('data-status')).resolves.toBe('PENDING');
    await page.context().close();

    // Atlas holds both wallets: one of its users approves the source side, another the target side.
    await approveSide(ATLAS_1, created.transactionId, 'SOURCE');
    await expect.poll(async () => (await transactionOf(created.id)).status, { timeout: 30_000 }).toBe('PROCESSING');
    await approveSide(ATLAS_2, created.transactionId, 'TARGET');
    await expect.poll(async () => (await transactionOf(created.id)).status, { timeout: 30_000 }).toBe('COMPLETED');
    transfer = await transactionOf(created.id);
    expect([transfer.sourceApprovalStatus, transfer.targetApprovalStatus]).toEqual(['APPROVED', 'APPROVED']);
  });

  it('its receipt shows the totals of its amounts and charges, is signed, and prints on one portrait page', async () => {
    expect(transfer, 'the first test completed a transfer').toBeDefined();
    const tx = transfer!;
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The print dialog is the browser's: the button's call to window.print is recorded instead.
    let printCalls = 0;
    await page.exposeFunction('recordPrint', () => {
      printCalls += 1;
    });
    await page.addInitScript(() => {
      window.print = () => void (window as unknown as { recordPrint: () => Promise<void> }).recordPrint();
    });
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto(`${TRANSFERS}/${encodeURIComponent(tx.transactionId)}/receipt`);
    await page.getByTestId('deal-receipt').waitFor({ timeout: 30_000 });

    await expect(page.getByTestId('deal-receipt-activity').textContent()).resolves.toBe('Deal Receipt');
    const signatory = page.getByTestId('deal-receipt-signatory');
    await expect(signatory.first().textContent()).resolves.toContain('Approved by');
    await expect(signatory.first().getAttribute('data-approved')).resolves.toBe('true');
    await expect(page.getByTestId('deal-receipt-footer').textContent()).resolves.toBe('Page 1 of 1');

    // Spec 1 (deal receipt): total top-up = source + first correspondent charge + first tax;
    // total credit = target minus the BEN charge; settlement = source + OUR charge minus tax (the same first
    // tax line: the transaction lists the tax of each fee, and the spec counts one).
    const charge = (mode?: string) => scaled((mode ? tx.correspondentCharges.find((c) => c.chargeMode === mode) : tx.correspondentCharges[0])?.amount ?? '0');
    const firstTax = scaled(tx.tax[0]?.amount ?? '0');
    const expected = {
      'deal-receipt-total-topup': { value: scaled(tx.sourceAmount) + charge() + firstTax, currency: tx.sourceCurrency },
      'deal-receipt-total-credit': { value: scaled(tx.targetAmount) - charge('BEN'), currency: tx.targetCurrency },
      'deal-receipt-settlement': { value: scaled(tx.sourceAmount) + charge('OUR') - firstTax, currency: tx.sourceCurrency },
    };
    for (const [testId, want] of Object.entries(expected)) {
      expect(printed((await page.getByTestId(testId).textContent()) ?? ''), testId).toEqual(want);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-receipt-1280.png`, fullPage: true });

    await page.getByTestId('deal-receipt-print').click();
    await expect.poll(() => printCalls).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, ...(SHOTS ? { path: `${SHOTS}/transfer-receipt.pdf` } : {}) });
    // After the PDF: by then the print styles' hiding has settled (buttons fade out over their transition).
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-receipt-print-1280.png`, fullPage: true });
    const { pages, width, height } = pdfPages(pdf);
    expect(pages, 'the receipt prints on one page').toBe(1);
    expect(height, 'the receipt prints portrait').toBeGreaterThan(width);
    await context.close();
  });
});

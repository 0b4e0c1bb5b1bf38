import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, signIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** Initech's merchant user: no other browser test sends or changes Initech's payments, so its seeded seven stay as seeded. */
const MERCHANT = '100000002';
const TSP = '200000001';
const WIDTHS = [360, 1280] as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function pageAt(width: number, user: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, user);
  await page.waitForURL(`**/${landing}/wallet`);
  return page;
}

async function toArabic(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

/** How far the page scrolls sideways once the portal's own fonts are in (0 when it fits the screen). */
async function sidewaysOverflow(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Initech's seeded payments, every status, the rows in. */
async function openPayments(page: Page): Promise<void> {
  await page.goto('/merchant/transactions/payments');
  await expect.poll(() => page.getByTestId('payment-row').count(), { timeout: 30_000 }).toBe(7);
}

describe('pages fit the screen whatever fonts the machine has', () => {
  it('on a 360 px phone in Arabic a payment row’s actions are one menu button and the payment id shows whole', async () => {
    const page = await pageAt(360, MERCHANT, 'merchant');
    await openPayments(page);
    await toArabic(page);
    await expect.poll(() => page.getByTestId('payment-tab-overview').textContent()).toBe('نظرة عامة');
    await page.evaluate(() => document.fonts.ready);
    const rows = await page.getByTestId('data-table-row').evaluateAll((trs) =>
      trs.map((tr) => {
        const scroller = tr.closest('.overflow-x-auto')!.getBoundingClientRect();
        const pinned = tr.querySelector('[data-pinned="end"]')!;
        const cell = pinned.getBoundingClientRect();
        const id = tr.querySelector('[data-testid="payment-row"] bdi')!;
        const idBox = id.getBoundingClientRect();
        const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        return {
          status: tr.querySelector('[data-testid="payment-row"]')!.getAttribute('data-status'),
          buttons: Array.from(pinned.querySelectorAll('button')).filter(visible).length,
          actionsWidth: cell.width,
          tableWidth: scroller.width,
          // The id in full: inside the visible part of the table, clear of the pinned actions, not cut.
          idInView: idBox.left >= scroller.left - 1 && idBox.right <= scroller.right + 1,
          idClearOfActions: idBox.right <= cell.left + 1 || idBox.left >= cell.right - 1,
          idCut: id.scrollWidth > Math.ceil(idBox.width) + 1,
          idText: id.textContent,
          idTitle: id.getAttribute('title'),
        };
      }),
    );
    await shot(page, 'layout-payments-360-ar');
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      // Drafted, initiated, failed and rejected payments have actions: one button; the others none.
      expect(row.buttons, `${row.status} buttons`).toBe(['COMPLETED', 'CANCELLED'].includes(row.status ?? '') ? 0 : 1);
      expect(row.actionsWidth, `${row.status} actions width`).toBeLessThanOrEqual(56);
      expect(row, `${row.status} payment id`).toMatchObject({ idInView: true, idClearOfActions: true, idCut: false });
      expect(row.idTitle).toBe(row.idText);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The menu lists the row's actions, and one of them works from there.
    const failed = page.getByTestId('data-table-row').filter({ has: page.locator('[data-status="FAILED"][data-testid="payment-row"]') });
    await failed.getByTestId('row-actions-menu').click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))))
      .toEqual(['payment-action-renew', 'payment-action-retry']);
    await shot(page, 'layout-payments-menu-360-ar');
    await page.keyboard.press('Escape');
    const initiated = page.getByTestId('data-table-row').filter({ has: page.locator('[data-status="INITIATED"][data-testid="payment-row"]') });
    await initiated.getByTestId('row-actions-menu').click();
    await page.getByRole('menu').getByTestId('payment-action-cancel').click();
    // The action opened its dialog on the list: the row's own page did not open.
    await page.getByTestId('extra-details-modal').waitFor();
    expect(page.url()).toMatch(/\/merchant\/transactions\/payments$/);
    await page.getByTestId('extra-details-cancel').click();
    await page.context().close();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px the merchant's payments list and a payment's page fit, in English and Arabic`, async () => {
      const page = await pageAt(width, MERCHANT, 'merchant');
      for (const lang of ['en', 'ar'] as const) {
        if (lang === 'ar') await toArabic(page);
        await openPayments(page);
        await shot(page, `layout-payments-${width}-${lang}`);
        expect(await sidewaysOverflow(page), `payments list ${lang}`).toBeLessThanOrEqual(0);
        // The seeded failed payment: its id, receiver's IBAN and wallet numbers are the longest values on a page.
        const failed = page.getByTestId('data-table-row').filter({ has: page.locator('[data-status="FAILED"][data-testid="payment-row"]') });
        await failed.locator('[data-testid="payment-row"]').click();
        await page.getByTestId('payment-details-panel').waitFor();
        await page.getByTestId('status-timeline').waitFor();
        await shot(page, `layout-payment-${width}-${lang}`);
        expect(await sidewaysOverflow(page), `payment page ${lang}`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    });

    it(`at ${width} px the TSP's wallet list fits, in English and Arabic${width === 1280 ? ', every column in view' : ''}`, async () => {
      const page = await pageAt(width, TSP, 'service-provider');
      for (const lang of ['en', 'ar'] as const) {
        if (lang === 'ar') await toArabic(page);
        await page.goto('/service-provider/wallet/wallet-list?size=50');
        await page.getByTestId('sp-wallet-row').first().waitFor();
        await shot(page, `layout-sp-wallets-${width}-${lang}`);
        expect(await sidewaysOverflow(page), `wallet list ${lang}`).toBeLessThanOrEqual(0);
        if (width === 1280) {
          // A desktop screen shows the whole list: the table does not scroll sideways.
          const table = await page
            .locator('[data-testid="data-table"] .overflow-x-auto')
            .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
          expect(table.scroll, `wallet table ${lang}`).toBeLessThanOrEqual(table.client);
        }
      }
      await page.context().close();
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { apiCall, launch, signIn, type MerchantWallet } from './browser.ts';
import { tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
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
  it('at 360 px the language menu opens inside the screen on the merchant wallet page, even as its wallets arrive under it', async () => {
    const page = await pageAt(360, MERCHANT, 'merchant');
    // The wallets arrive late: opened on the first screen, the footer's menu is pushed down by the list.
    await page.route('**/v1/merchant/wallets**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    for (const [lang, choice, dir] of [
      ['en', /العربية/, 'rtl'],
      ['ar', /English/, 'ltr'],
    ] as const) {
      await page.goto('/merchant/wallet');
      await page.getByTestId('language-switch').click();
      const item = page.getByRole('menuitem', { name: choice });
      await item.waitFor();
      await page.getByTestId('wallet-card').first().waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready);
      await shot(page, `layout-language-menu-360-${lang}`);
      const box = await page.getByRole('menu').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: window.innerWidth, height: window.innerHeight };
      });
      expect(box.left, `menu ${lang}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `menu ${lang}`).toBeLessThanOrEqual(box.width);
      expect(box.top, `menu ${lang}`).toBeGreaterThanOrEqual(0);
      expect(box.bottom, `menu ${lang}`).toBeLessThanOrEqual(box.height);
      await item.click({ timeout: 5_000 });
      await page.waitForFunction((d) => document.documentElement.dir === d, dir);
    }
    await page.context().close();
  });

  it('at 360 px the TSP’s credit requests and authorizations show one menu button per row with actions, and fit', async () => {
    // Umbrella Logistics asks Atlas Bank for credit; Globex tops up its USD wallet at Atlas Bank: both await Atlas.
    const umbrella = await tokenOf(baseUrl, '100000003');
    const [umbrellaWallet] = (await apiCall<{ content: MerchantWallet[] }>(baseUrl, umbrella, 'GET', '/v1/merchant/wallets?size=50&types=PAYMENT')).content;
    const today = new Date().toISOString().slice(0, 10);
    const request = await apiCall<{ id: string }>(baseUrl, umbrella, 'POST', '/v1/merchant/wallets/credit-request', {
      walletId: umbrellaWallet!.id,
      amount: '750.00',
      currency: umbrellaWallet!.currency.code,
      validFrom: today,
      validTo: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      remarks: 'Phone layout',
    });
    const globex = await tokenOf(baseUrl, '100000001');
    const wallets = await apiCall<{ content: MerchantWallet[] }>(baseUrl, globex, 'GET', '/v1/merchant/wallets?size=100&types=PAYMENT');
    const usd = wallets.content.find((w) => w.currency.code === 'USD')!;
    const topUp = await apiCall<{ transactionId: string }>(baseUrl, globex, 'POST', '/v2/merchant/transactions', {
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: usd.id,
      targetAmount: { amount: '75', currency: 'USD' },
      collectionMode: 'BANK',
    });
    const lists = [
      {
        name: 'credit requests',
        path: '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
        row: `[data-testid="credit-request-row"][data-request-id="${request.id}"]`,
        items: ['credit-approve', 'credit-reject'],
      },
      {
        name: 'authorizations',
        path: '/service-provider/transaction-authorization/service-provider/top-ups/list/pending',
        row: `[data-testid="auth-row"][data-transaction-id="${topUp.transactionId}"]`,
        items: ['auth-approve', 'auth-reject'],
      },
    ];

    const page = await pageAt(360, TSP, 'service-provider');
    for (const lang of ['en', 'ar'] as const) {
      if (lang === 'ar') await toArabic(page);
      for (const list of lists) {
        await page.goto(list.path);
        const ours = page.getByTestId('data-table-row').filter({ has: page.locator(list.row) });
        await ours.waitFor({ timeout: 30_000 });
        await page.evaluate(() => document.fonts.ready);
        const rows = await page.getByTestId('data-table-row').evaluateAll((trs) =>
          trs.map((tr) => {
            const pinned = tr.querySelector('[data-pinned="end"]')!;
            const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
            const menu = pinned.querySelector('[data-testid="row-actions-menu"]');
            return {
              hasActions: menu !== null,
              menuShown: menu !== null && visible(menu),
              buttons: Array.from(pinned.querySelectorAll('button')).filter(visible).length,
              width: pinned.getBoundingClientRect().width,
            };
          }),
        );
        await shot(page, `layout-sp-${list.name.replace(' ', '-')}-360-${lang}`);
        expect(rows.filter((r) => r.hasActions).length, `${list.name} ${lang} rows with actions`).toBeGreaterThan(0);
        for (const row of rows) {
          // A row's actions are one menu button: no button beside it, and a column one button wide.
          if (row.hasActions) expect(row, `${list.name} ${lang}`).toMatchObject({ menuShown: true, buttons: 1 });
          else expect(row.buttons, `${list.name} ${lang}`).toBe(0);
          if (row.hasActions) expect(row.width, `${list.name} ${lang} actions width`).toBeLessThanOrEqual(list.name === 'credit requests' ? 56 : 160);
        }
        expect(await sidewaysOverflow(page), `${list.name} ${lang}`).toBeLessThanOrEqual(0);

        // The menu lists the decisions under the buttons' names, inside the screen.
        await ours.getByTestId('row-actions-menu').click();
        const items = page.getByRole('menu').getByRole('menuitem');
        await expect.poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(list.items);
        const box = await page.getByRole('menu').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
        });
        expect(box, `${list.name} ${lang} menu in the screen`).toBe(true);
        await shot(page, `layout-sp-${list.name.replace(' ', '-')}-menu-360-${lang}`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
      }
    }
    await page.context().close();
  });

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

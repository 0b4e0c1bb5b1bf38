import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const PHONE = { width: 390, height: 844 };
const MERCHANT = '100000002';
const TSP = '200000001';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

/**
 * What of an open dialog does not fit a phone: the page scrolling sideways, the dialog wider or taller
 * than the screen, any element sticking out of it sideways (content inside a sideways-scrolling box,
 * such as a wide table, only needs its box to fit), and any button that cannot be scrolled into view.
 */
async function misfits(page: Page, dialog: Locator): Promise<string[]> {
  const found = await dialog.evaluate((root) => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > vw) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    const box = root.getBoundingClientRect();
    if (box.left < 0 || box.right > vw) out.push(`dialog ${box.left}..${box.right} outside 0..${vw}`);
    if (box.height > vh) out.push(`dialog ${box.height} px taller than the screen`);
    if (root.scrollWidth > root.clientWidth + 1) out.push(`dialog content ${root.scrollWidth} px wide in ${root.clientWidth}`);
    const scrollsSideways = (el: Element) => el !== root && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const insideScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) if (scrollsSideways(a)) return true;
      return false;
    };
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || insideScroller(el)) continue;
      if (r.left < box.left - 1 || r.right > box.right + 1) out.push(`${name(el)} ${Math.round(r.left)}..${Math.round(r.right)} outside the dialog`);
    }
    return out;
  });
  for (const button of await dialog.locator('button:visible').all()) {
    await button.scrollIntoViewIfNeeded();
    const r = await button.boundingBox();
    if (!r || r.x < 0 || r.y < 0 || r.x + r.width > PHONE.width || r.y + r.height > PHONE.height) {
      found.push(`button "${(await button.textContent())?.trim()}" not reachable: ${JSON.stringify(r)}`);
    }
  }
  return found;
}

async function shot(page: Page, name: string): Promise<void> {
  // Screenshots to look at by eye: E2E_SCREENSHOTS=/some/dir.
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

describe('dialogs on a 390 px phone', () => {
  it('the credit request dialog fits, its buttons are reachable, and a refused send shows its messages inside', async () => {
    const page = await phonePage();
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/transactions/credit-request');
    await page.getByTestId('credit-request-new').click();
    const dialog = page.getByTestId('credit-request-dialog');
    await dialog.waitFor();
    expect(await misfits(page, dialog)).toEqual([]);
    await page.getByTestId('credit-request-submit').click();
    await page.getByTestId('credit-wallet-error').waitFor();
    await shot(page, 'credit-request-390');
    expect(await misfits(page, dialog)).toEqual([]);
    await page.context().close();
  });

  it('the accounting codes editor fits', async () => {
    const page = await phonePage();
    await signIn(page, MERCHANT);
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/settings');
    await page.getByTestId('accounting-config-edit').first().click();
    const dialog = page.getByTestId('accounting-config-dialog');
    await dialog.waitFor();
    await shot(page, 'accounting-config-390');
    expect(await misfits(page, dialog)).toEqual([]);
    await page.context().close();
  });

  it('the voucher modal fits, its entry table scrolling inside it', async () => {
    const page = await phonePage();
    await signIn(page, TSP);
    await page.waitForURL('**/service-provider/wallet');
    await page.getByTestId('sp-wallet-row').first().click();
    // The wallet opens on its own page; its statement lines open their vouchers.
    await page.getByTestId('sp-wallet-detail-tab-statement').click();
    await page.waitForURL(/tab=statement/);
    await page.getByTestId('data-table-row').first().click();
    await page.getByTestId('voucher-line').first().waitFor();
    const modal = page.getByTestId('voucher-modal');
    await shot(page, 'voucher-modal-390');
    expect(await misfits(page, modal)).toEqual([]);
    await page.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
let browser: Browser;

const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');

async function tokenOf(digit9Id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${CLIENT}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet(token: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

interface Layer1 {
  id: string;
  transactionCategory: string;
  sourceCurrency: string;
  targetCurrency: string;
  dealType: string;
  markupType: string;
  askMarkup: string;
  bidMarkup: string;
}

/** Screenshots for a look at the screens (E2E_SCREENSHOTS=dir), at the desktop and phone widths. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/**
 * A rate list shows either the server's rates (one row each) or, when the call is refused, the
 * refusal's code on the screen; never an empty table that hides the failure.
 */
async function expectRatesOrRefusal(page: Page, token: string, path: string): Promise<void> {
  const answer = await apiGet(token, path);
  if (answer.status === 200) {
    const rows = answer.body as unknown[];
    if (rows.length === 0) await page.getByTestId('rates-empty').waitFor();
    else await expect.poll(() => page.getByTestId('data-table-row').count(), { timeout: 20_000 }).toBe(Math.min(rows.length, 10));
    await page.getByTestId('data-table-updated-at').waitFor();
  } else {
    const { code } = answer.body as { code: string };
    await expect.poll(() => page.getByTestId('rate-call-error').textContent(), { timeout: 20_000 }).toContain(code);
  }
}

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

describe('rate and markup screens', () => {
  it('a TSP opens every rate screen and edits a layer 1 markup, which is saved', async () => {
    const token = await tokenOf('200000001');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');

    await page.goto('/service-provider/rate/rate-feeds');
    await page.getByTestId('rate-feeds-screen').waitFor();
    await expectRatesOrRefusal(page, token, '/tsp/v1/exchange-rates');
    await shoot(page, 'sp-rate-feeds');

    const deals = (await apiGet(token, '/v1/config/currency-deals?size=10')).body as { totalElements: number };
    await page.goto('/service-provider/rate/ibr');
    await page.getByTestId('ibr-edit').first().waitFor();
    await expect.poll(() => page.getByTestId('data-table-row').count()).toBe(Math.min(deals.totalElements, 10));
    await expect(page.getByTestId('page-count').textContent()).resolves.toBe(String(deals.totalElements));
    await shoot(page, 'sp-rate-ibr');

    // The seeded volatile layer (the rupee corridor's SPOT deal) is there to edit; the page may take a while on a busy server.
    const volatile = (await apiGet(token, '/v1/config/markup/volatile-layers?page=0&size=10')).body as { totalElements: number };
    expect(volatile.totalElements, 'volatile layers the TSP has').toBeGreaterThan(0);
    await page.goto('/service-provider/rate/premium-settings');
    await page.getByTestId('volatile-edit').first().waitFor({ timeout: 60_000 });
    await shoot(page, 'sp-rate-premium');

    await page.goto('/service-provider/rate/markup');
    await page.getByTestId('layer1-edit').first().waitFor();
    await shoot(page, 'sp-rate-markup');
    // The first layer 1 markup of the list (the same page the screen asks for) goes to +27.5 / -27.5 pips.
    const listed = (await apiGet(token, '/v1/config/markup/layer1?page=0&size=10')).body as { content: Layer1[] };
    const target = listed.content[0]!;
    expect(target.askMarkup).not.toBe('27.5');
    await page.getByTestId('layer1-edit').first().click();
    await page.getByTestId('markup-dialog').waitFor();
    await page.getByTestId('markup-askMarkup').fill('27.5');
    await page.getByTestId('markup-bidMarkup').fill('-27.5');
    await shoot(page, 'sp-markup-dialog');
    await page.getByTestId('markup-save').click();
    await page.getByTestId('markup-dialog').waitFor({ state: 'detached' });
    await page.getByText('+27.5 pips').first().waitFor();
    const after = (await apiGet(token, '/v1/config/markup/layer1?page=0&size=10')).body as { content: Layer1[] };
    const saved = after.content.find((m) => m.id === target.id)!;
    expect({ ask: saved.askMarkup, bid: saved.bidMarkup, unit: saved.markupType }).toEqual({ ask: '27.5', bid: '-27.5', unit: 'PIP' });

    // A value outside the unit's range is refused on the field before anything is sent.
    await page.getByTestId('layer1-edit').first().click();
    await page.getByTestId('markup-type').selectOption('PERCENTAGE');
    await page.getByTestId('markup-save').click();
    await expect.poll(() => page.getByTestId('markup-askMarkup-error').textContent()).toBe('Must be between -10 and 10 for PERCENTAGE');
    await page.getByTestId('markup-cancel').click();

    await page.getByTestId('markup-tab-incentives').click();
    await page.getByText('Preferred', { exact: true }).waitFor();

    // Offline, the markups still show as last saved on this device (the edit included), marked offline.
    await context.setOffline(true);
    await page.getByTestId('markup-tab-charges').click();
    await page.getByTestId('data-table-offline').waitFor();
    await page.getByText('+27.5 pips').first().waitFor();
    await expect.poll(() => page.getByTestId('data-table-row').count()).toBeGreaterThan(0);
    await context.setOffline(false);

    await page.goto('/service-provider/settings');
    await page.waitForURL('**/service-provider/settings/rates');
    await expect.poll(() => page.getByTestId('rate-staleness-value').textContent()).toBe('60 s');
    await shoot(page, 'sp-settings-rates');
    await context.close();
  });

  it('a TSP creates and deletes a volatile layer and creates an agent markup, each seen by the API', async () => {
    const token = await tokenOf('200000001');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');

    // A deal config without a volatile layer yet, so the new one is a create, not the upsert's replace.
    const deals = (await apiGet(token, '/v1/config/currency-deals?page=0&size=500')).body as { content: { id: string }[] };
    const layered = (await apiGet(token, '/v1/config/markup/volatile-layers?page=0&size=500')).body as { content: { currencyDealConfigId: string }[] };
    const taken = new Set(layered.content.map((l) => l.currencyDealConfigId));
    const free = deals.content.find((d) => !taken.has(d.id));
    expect(free, 'a deal config without a volatile layer').toBeDefined();
    const layerOf = async () =>
      (await apiGet(token, `/v1/config/markup/volatile-layers?page=0&size=500`)).body as {
        content: { currencyDealConfigId: string; markupType: string; askMarkup: string; bidMarkup: string }[];
      };

    await page.goto('/service-provider/rate/premium-settings');
    await page.getByTestId('volatile-edit').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('volatile-new').click();
    await page.getByTestId('volatile-create-dialog').waitFor();
    await page.getByTestId('volatile-deal').selectOption(free!.id);
    await page.getByTestId('markup-type').selectOption('BIP');
    await page.getByTestId('markup-askMarkup').fill('12.5');
    await page.getByTestId('markup-bidMarkup').fill('-7.5');
    await shoot(page, 'sp-volatile-create');
    await page.getByTestId('markup-save').click();
    await page.getByTestId('volatile-create-dialog').waitFor({ state: 'detached' });
    const created = (await layerOf()).content.find((l) => l.currencyDealConfigId === free!.id);
    expect(created && { unit: created.markupType, ask: created.askMarkup, bid: created.bidMarkup }).toEqual({ unit: 'BIP', ask: '12.5', bid: '-7.5' });
    await expect.poll(() => page.getByTestId('page-count').textContent()).toBe(String(layered.content.length + 1));

    // Deleted through the confirm dialog: the row goes and the API no longer has it.
    const row = page.getByTestId('data-table-row').filter({ hasText: '+12.5 bips' });
    await row.getByTestId('volatile-delete').click();
    await page.getByTestId('confirm-delete-dialog').waitFor();
    await shoot(page, 'sp-volatile-delete');
    await page.getByTestId('confirm-delete-ok').click();
    await page.getByTestId('confirm-delete-dialog').waitFor({ state: 'detached' });
    expect((await layerOf()).content.some((l) => l.currencyDealConfigId === free!.id)).toBe(false);
    await expect.poll(() => page.getByTestId('page-count').textContent()).toBe(String(layered.content.length));

    // An agent markup created on the charges tab is listed by the API with what was typed, upper case.
    await page.goto('/service-provider/rate/markup?tab=charges&layer=agent');
    await page.getByTestId('agent-new').click();
    await page.getByTestId('agent-create-dialog').waitFor();
    await page.getByTestId('agent-productType').fill('remittance');
    await page.getByTestId('agent-activityType').selectOption('SELL');
    await page.getByTestId('agent-instrumentType').fill('cash');
    await page.getByTestId('markup-type').selectOption('PERCENTAGE');
    await page.getByTestId('markup-askMarkup').fill('0.35');
    await page.getByTestId('markup-bidMarkup').fill('-0.2');
    await shoot(page, 'sp-agent-create');
    await page.getByTestId('markup-save').click();
    await page.getByTestId('agent-create-dialog').waitFor({ state: 'detached' });
    await page.getByText('+0.35 %').first().waitFor();
    const agents = (await apiGet(token, '/v1/config/markup/agent?productType=REMITTANCE&activityType=SELL&instrumentType=CASH')).body as {
      content: { markupType: string; askMarkup: string; bidMarkup: string; recordStatus: string }[];
    };
    expect(agents.content.map((a) => [a.markupType, a.askMarkup, a.bidMarkup, a.recordStatus])).toEqual([['PERCENTAGE', '0.35', '-0.2', 'ACTIVE']]);
    await shoot(page, 'sp-agent-list');
    await context.close();
  });

  it('a merchant opens its settlement rates and its markup', async () => {
    const token = await tokenOf('100000003');
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000003');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/merchant/rates/settlement-rates');
    await page.getByTestId('settlement-rates-screen').waitFor();
    await expectRatesOrRefusal(page, token, '/v1/merchant/rates');
    await shoot(page, 'merchant-settlement-rates');
    await page.goto('/merchant/rates/merchant-markup');
    await page.getByTestId('merchant-markup-screen').waitFor();
    await expectRatesOrRefusal(page, token, '/m/api/v1/exchange-rates');
    await shoot(page, 'merchant-markup');
    await context.close();
  });
});

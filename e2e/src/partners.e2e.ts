import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { violations } from './axe.ts';
import { launch, signIn } from './browser.ts';
import { tokenOf } from './outbox-harness.ts';

const baseUrl = workerBaseUrl();
const MAKER = '200000001'; // Amira Haddad, Atlas Bank
const CHECKER = '200000011'; // Karim Nasser, Atlas Bank
const SHOTS = process.env.E2E_SCREENSHOTS;
const NAME = 'Falaj Date Growers';
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signedIn(digit9Id: string, width = 1280, language?: 'ar'): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 900 }, ...(width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  if (language) await page.addInitScript((lang) => localStorage.setItem('corridor_language', lang), language);
  await signIn(page, digit9Id);
  await page.waitForURL('**/service-provider/wallet');
  return page;
}

const rows = (page: Page) => page.getByTestId('partners-screen').getByTestId('data-table-row');

async function statusesShown(page: Page): Promise<string[]> {
  return page
    .getByTestId('partners-screen')
    .locator('tbody [data-status]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
}

/** Makes one move from the partner's authorization details: its button, its confirmation (with a reason if asked). */
async function move(page: Page, testId: string, reason?: string): Promise<void> {
  await page.getByTestId(testId).click();
  const dialog = page.getByTestId('partner-move-dialog');
  await dialog.waitFor();
  if (reason !== undefined) await page.getByTestId('partner-move-reason').fill(reason);
  await page.getByTestId('partner-move-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('partner onboarding', () => {
  it('lists partners by status tab with the summary cards, the tab in the URL', async () => {
    const page = await signedIn(MAKER);
    await page.goto('/service-provider/partners');
    await page.waitForURL('**/service-provider/partners/list/overview');
    await rows(page).first().waitFor();
    const cards = page.getByTestId('partner-summary-cards');
    await cards.getByTestId('partner-summary-AUTHORIZED').waitFor();
    // Atlas's demo records are in all six statuses: six cards of 6/24 each.
    expect(await cards.getAttribute('data-span')).toBe('6');
    expect(await cards.getByTestId('partner-summary-count').count()).toBe(6);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'partners-1280');

    await page.getByTestId('partner-tab-in-authorization').click();
    await page.waitForURL('**/service-provider/partners/list/in-authorization');
    await expect.poll(async () => new Set(await statusesShown(page))).toEqual(new Set(['IN_AUTHORIZATION']));
    // One status: one card across the row.
    await expect.poll(() => page.getByTestId('partner-summary-cards').getAttribute('data-span')).toBe('24');
    await page.getByTestId('partner-tab-new').click();
    await page.waitForURL('**/service-provider/partners/list/new');
    await expect.poll(async () => [...new Set(await statusesShown(page))].sort()).toEqual(['NEW', 'NEXT_REVIEW', 'PARTNER_ONBOARDING']);
    await expect.poll(() => page.getByTestId('partner-summary-cards').getAttribute('data-span')).toBe('8');
    await page.getByTestId('partner-tab-rejected').click();
    await expect.poll(async () => new Set(await statusesShown(page))).toEqual(new Set(['REJECTED']));
    // The free-text search narrows the tab's list.
    await page.getByTestId('partner-tab-overview').click();
    await page.getByTestId('partner-query').fill('Gulf Star');
    await page.getByTestId('partner-query-submit').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(page.url()).toContain('query');
    await page.context().close();
  });

  it('onboards a partner to AUTHORIZED by two users: the submitter cannot authorize their own submission', async () => {
    const maker = await signedIn(MAKER);
    await maker.goto('/service-provider/partners/list/overview');
    await maker.getByTestId('partner-new').click();
    const dialog = maker.getByTestId('partner-dialog');
    await dialog.waitFor();
    await maker.getByTestId('partner-submit').click();
    expect(await maker.getByTestId('partner-tradingName-error').textContent()).toBe('Trading name is required.');
    expect(await maker.getByTestId('partner-countryOfRegistration-error').textContent()).toBe('Country of registration is required.');
    expect(await violations(maker)).toEqual([]);
    await maker.getByTestId('partner-businessType').selectOption('RETAIL');
    await maker.getByTestId('partner-countryOfRegistration').selectOption('OM');
    await maker.getByTestId('partner-tradingName').fill(NAME);
    await maker.getByTestId('partner-registeredBusinessAddress').fill('Way 2341, Nizwa');
    await maker.getByTestId('partner-city').fill('Nizwa');
    await maker.getByTestId('partner-licenseNumber').fill('LIC-OM-77001');
    await maker.getByTestId('partner-licenseDateOfIssue').fill('2025-03-01');
    await maker.getByTestId('partner-licenseDateOfExpiry').fill('2024-03-01');
    await maker.getByTestId('partner-submit').click();
    expect(await maker.getByTestId('partner-licenseDateOfExpiry-error').textContent()).toContain('Licence date of expiry');
    await maker.getByTestId('partner-licenseDateOfExpiry').fill('2028-03-01');
    await shot(maker, 'partner-dialog-1280');
    await maker.getByTestId('partner-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await maker.waitForURL('**/service-provider/partners/*');
    await maker.getByTestId('partner-company-profile').getByText('LIC-OM-77001').waitFor();
    const partnerUrl = new URL(maker.url()).pathname;
    const partnerId = partnerUrl.split('/').at(-1) ?? '';

    await maker.getByTestId('partner-detail-tab-authorization-details').click();
    expect(await maker.getByTestId('partner-detail-tab-documents').isDisabled()).toBe(true);
    await move(maker, 'partner-start');
    await move(maker, 'partner-submit-authorization');
    await maker.getByTestId('partner-own-submission').waitFor();
    expect(await maker.getByTestId('partner-authorize').count()).toBe(0);
    expect(await maker.getByTestId('partner-submitted-by').textContent()).toContain('Amira Haddad');
    await maker.waitForLoadState('networkidle');
    expect(await violations(maker)).toEqual([]);
    await shot(maker, 'partner-own-submission-1280');
    // Nor through the API: the server refuses the submitter's decision, naming the status.
    const makerToken = await tokenOf(baseUrl, MAKER);
    const own = await fetch(`${baseUrl}/v1/partners/on-boarding/${partnerId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${makerToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ partnerStatus: 'AUTHORIZED' }),
    });
    expect(own.status).toBe(403);
    expect(((await own.json()) as { invalidParameters: Array<{ parameter: string }> }).invalidParameters.map((p) => p.parameter)).toContain('partnerStatus');
    await maker.context().close();

    const checker = await signedIn(CHECKER);
    await checker.goto(`${partnerUrl}?tab=authorization-details`);
    await checker.getByTestId('partner-authorize').waitFor();
    // Offline the page still shows what it read, and its moves say they need the network.
    await checker.context().setOffline(true);
    await checker.getByTestId('partner-moves-offline').waitFor();
    expect(await checker.getByTestId('partner-authorize').isDisabled()).toBe(true);
    await checker.context().setOffline(false);
    await expect.poll(() => checker.getByTestId('partner-authorize').isEnabled()).toBe(true);
    // A rejection asks for its reason first.
    await checker.getByTestId('partner-reject').click();
    await checker.getByTestId('partner-move-confirm').click();
    expect(await checker.getByTestId('partner-move-reason-error').textContent()).toBe('Reason (required) is required.');
    await checker.keyboard.press('Escape');
    await move(checker, 'partner-authorize');
    await expect.poll(() => checker.getByTestId('partner-history-step').count()).toBe(4);
    const steps = await checker.getByTestId('partner-history-step').evaluateAll((els) => els.map((e) => [e.getAttribute('data-status'), e.textContent ?? '']));
    expect(steps.map(([status]) => status)).toEqual(['NEW', 'PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'AUTHORIZED']);
    expect(steps[2]?.[1]).toContain('Amira Haddad');
    expect(steps[3]?.[1]).toContain('Karim Nasser');
    await checker.getByTestId('partner-no-moves').waitFor();
    await shot(checker, 'partner-authorized-1280');
    await checker.goto('/service-provider/partners/list/authorized');
    await checker.getByTestId('partners-screen').getByText(NAME).waitFor();
    await checker.context().close();
  });

  it('fits a 390 px phone in Arabic, right to left', async () => {
    const page = await signedIn(MAKER, 390, 'ar');
    await page.goto('/service-provider/partners/list/overview');
    await rows(page).first().waitFor();
    await page.getByTestId('partner-summary-cards').getByTestId('partner-summary-NEW').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('partner-tab-in-authorization').textContent()).toBe('قيد الاعتماد');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'partners-390-ar');
    await rows(page).first().click();
    await page.getByTestId('partner-company-profile').waitFor();
    await page.getByTestId('partner-detail-tab-authorization-details').click();
    await page.getByTestId('partner-history').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'partner-detail-390-ar');
    await page.getByTestId('page-back').click();
    await page.getByTestId('partner-new').click();
    const dialog = page.getByTestId('partner-dialog');
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.getByTestId('partner-submit').click();
    await page.getByTestId('partner-tradingName-error').waitFor();
    expect(await page.getByTestId('partner-tradingName-error').textContent()).toBe('الاسم التجاري مطلوب.');
    await shot(page, 'partner-dialog-390-ar');
    await page.context().close();
  });
});

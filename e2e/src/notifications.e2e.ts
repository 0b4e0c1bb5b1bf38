import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { launch, signedInPage } from './browser.ts';
import { violations } from './axe.ts';

const baseUrl = workerBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function toArabic(page: Page): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

/** Screenshots for a look at the screen (E2E_SCREENSHOTS=dir). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('notification-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.getAttribute('data-count'));
};

const CASES = [
  { role: 'merchant', user: '100000011', portal: 'merchant', width: 1280, lang: 'en' },
  { role: 'merchant', user: '100000012', portal: 'merchant', width: 390, lang: 'ar' },
  { role: 'TSP', user: '200000011', portal: 'service-provider', width: 390, lang: 'ar' },
  { role: 'TSP', user: '200000012', portal: 'service-provider', width: 1280, lang: 'en' },
] as const;

describe('notifications', () => {
  for (const c of CASES) {
    it(`a ${c.role} at ${c.width} px in ${c.lang === 'ar' ? 'Arabic' : 'English'} reads a notification and the badge counts one fewer`, async () => {
      const page = await signedInPage(browser, baseUrl, c.user, c.portal, c.width);
      try {
        if (c.lang === 'ar') await toArabic(page);
        await expect.poll(() => badgeCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
        const before = await badgeCount(page);
        await page.getByTestId('notification-bell').click();
        await page.waitForURL(`**/${c.portal}/notification`);
        await page.getByTestId('notification-row').first().waitFor();
        expect(await page.getByTestId('page-title').textContent()).toBe(c.lang === 'ar' ? 'الإشعارات' : 'Notifications');
        // Unread ones are told apart, and the list is newest first.
        const unreadRows = page.locator('[data-testid="notification-row"][data-read="false"]');
        expect(await unreadRows.count()).toBeGreaterThan(0);
        const times = await page.locator('[data-testid="notification-row"] time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
        expect([...times].sort().reverse()).toEqual(times);
        // It fits the screen, and axe finds nothing serious.
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        expect(await violations(page, { reasons: true })).toEqual([]);
        await shoot(page, `notifications-${c.portal}-${c.width}-${c.lang}`);

        await unreadRows.first().getByTestId('notification-mark-read').click();
        await expect.poll(() => badgeCount(page), { timeout: 20_000 }).toBe(before - 1);

        // A notification leads to what it is about.
        const link = page.getByTestId('notification-link').first();
        const href = (await link.getAttribute('href')) ?? '';
        expect(href.startsWith(`/${c.portal}/`)).toBe(true);
        await link.click();
        await page.waitForURL((url) => url.pathname === decodeURIComponent(href) || url.pathname === href);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }
});

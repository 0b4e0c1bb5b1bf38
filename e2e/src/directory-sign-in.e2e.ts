import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage } from './browser.ts';
import { violations } from './axe.ts';

/*
 * 'Sign in with Active Directory' on the demo start: the button goes to the server, which sends the browser
 * to the demo identity provider (OpenID Connect, code flow with PKCE); its sign-in and consent pages, then
 * the server's callback, then the portal, which picks the session up from its cookie.
 */
const baseUrl = workerBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('directory sign-in', () => {
  it('signs in through the directory button and lands on the wallets', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('directory-signin').click();
    // The demo directory's own sign-in page.
    await page.waitForURL('**/api/auth/demo-idp/interaction/**');
    await page.locator('#digit9Id').fill('100000001');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Its consent page.
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL('**/merchant/wallet', { timeout: 30_000 });
    await expect(page.getByTestId('company-name').textContent()).resolves.toContain('Globex Trading');
    // A reload keeps the session: it lives in the refresh cookie like a password sign-in's.
    await page.reload();
    await page.waitForURL('**/merchant/wallet');
    await expect(page.getByTestId('company-name').textContent()).resolves.toContain('Globex Trading');
    await page.screenshot({ path: '/tmp/directory-landed.png' });
    await context.close();
  });

  it('a wrong password stays on the directory, and a refusal comes back to the login page with a message', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('directory-signin').click();
    await page.waitForURL('**/api/auth/demo-idp/interaction/**');
    await page.locator('#digit9Id').fill('100000001');
    await page.locator('#password').fill('NotThePassword1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('not right');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/login?directoryError=refused');
    const message = page.getByTestId('directory-error');
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain('did not sign you in');
    await expect(violations(page)).resolves.toEqual([]);
    await page.screenshot({ path: '/tmp/directory-refused.png' });
    await context.close();
  });

  it('forgot password answers from the login page, in English and Arabic', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL('**/forgot-password');
    await page.getByTestId('forgot-id').fill('100000001');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();
    await expect(violations(page)).resolves.toEqual([]);
    await page.screenshot({ path: '/tmp/forgot-sent.png' });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.evaluate(() => localStorage.setItem('corridor_language', 'ar'));
    await page.goto('/reset-password');
    await page.getByTestId('reset-expired').waitFor();
    await page.screenshot({ path: '/tmp/reset-ar-390.png' });
    await context.close();
  });
});

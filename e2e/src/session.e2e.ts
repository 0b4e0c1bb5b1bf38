import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launch, newPage, signIn } from './browser.ts';
import { repoRoot } from './server.ts';
import { formInteractive, scriptsAndStylesBefore, watchFormInteractive } from './first-screen.ts';
import { closure, loginRouteFiles, readManifest } from '../../apps/pwa/scripts/login-route-files.mjs';

const baseUrl = workerBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-in and roles', () => {
  it('a merchant lands on its own home and sees its menu and company', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await expect(page.getByTestId('menu-item-merchant-beneficiaries').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('company-name').textContent()).resolves.toContain('Globex Trading');
    // The merchant menu has no service-provider entries.
    await expect(page.getByTestId('menu-item-service-provider-reports').count()).resolves.toBe(0);
    await context.close();
  });

  for (const [area, digit9Id, prefix, home, expected] of [
    [
      'merchant',
      '100000001',
      '/v1/merchant/wallets',
      'wallet-card',
      [
        '/v1/merchant/wallets/banks?page=0&size=10000',
        '/v1/merchant/wallets/currencies?page=0&size=10000',
        '/v1/merchant/wallets?page=0&size=500&inclPosition=true',
      ],
    ],
    [
      'service provider',
      '200000001',
      '/v1/service-provider/wallets',
      'sp-wallet-row',
      [
        '/v1/service-provider/wallets/banks?page=0&size=10000',
        '/v1/service-provider/wallets/countries?page=0&size=10000',
        '/v1/service-provider/wallets/currencies?page=0&size=10000',
        '/v1/service-provider/wallets?page=0&size=10&inclPosition=true',
      ],
    ],
  ] as const) {
    it(`a ${area}'s sign-in token starts the home's first answers beside the user's fetch, each asked once`, async () => {
      const { context, page } = await newPage(browser, baseUrl);
      // The user's answer held back: the home's answers must not wait for it (lib/prefetch-home.ts, startHomeAhead).
      await page.route('**/users/me', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      let userAnswered = false;
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/users/me') userAnswered = true;
      });
      const homeCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith(prefix)) homeCalls.push(`${userAnswered ? 'after' : 'before'} the user: ${pathname}${search}`);
      });
      await signIn(page, digit9Id);
      await page.getByTestId(home).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(homeCalls.sort()).toEqual(expected.map((call) => `before the user: ${call}`));
      await context.close();
    });
  }

  it("a first visit's form comes from the entry's files alone (the size check's); the router follows, and the sign-in lands on the wallets", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await watchFormInteractive(context);
    await page.goto('/login');
    const formAt = await formInteractive(page);
    const manifest = readManifest(join(repoRoot, 'apps/pwa/dist'));
    const expected = [...loginRouteFiles(manifest)].sort();
    // The form's first render asks for the session's code (a dynamic import: lib/lazy-session.ts). When the
    // scripts run before the first frame that draws the HTML's form (a fast line), that request comes first; it
    // is not what draws the form.
    const session = closure(manifest, ['src/lib/session.ts']);
    const asked = (await scriptsAndStylesBefore(page, formAt)).filter((file) => expected.includes(file) || !session.has(file));
    expect(asked.sort()).toEqual(expected);
    expect(expected.some((file) => file.includes('app-router'))).toBe(false);

    await page.getByTestId('login-id').fill('100000001');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    // Typing fetches the router (and the home's chunks) before the click.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/app-router-')));
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-card').first().waitFor();
    // The form gave way: it is not left behind the router's screens.
    await expect(page.getByTestId('login-id').count()).resolves.toBe(0);
    await expect(page.getByTestId('portal-screens').evaluate((node) => getComputedStyle(node).display)).resolves.toBe('contents');
    await context.close();
  });

  it("takes what was typed into the page's own form before the scripts arrived: the caret stays, Enter sends nothing, the sign-in works", async () => {
    const { context, page } = await newPage(browser, baseUrl);
    // The portal's scripts are held until the user has typed: a slow line, where the form came with the HTML.
    const held: Array<() => Promise<void>> = [];
    let released = false;
    await context.route('**/assets/*.js', async (route) => {
      if (released) await route.continue();
      else held.push(() => route.continue());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const id = page.getByTestId('login-id');
    await id.pressSequentially('100000001');
    await page.getByTestId('login-password').pressSequentially('Corridor');
    const before = await page.getByTestId('login-password').elementHandle();
    await expect(page.getByTestId('login-submit').isDisabled()).resolves.toBe(true);
    // Enter on the page's own form before the scripts: nothing is sent (its button is disabled until they run).
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => location.href)).resolves.toBe(`${baseUrl}/login`);
    expect(held.length).toBeGreaterThan(0);

    released = true;
    for (const release of held.splice(0)) await release();
    // React's form replaces the page's own: the field typed into is gone, its text and caret went over.
    await page.waitForFunction((field) => !field?.isConnected, before);
    await page.keyboard.type('2026');
    await expect(id.inputValue()).resolves.toBe('100000001');
    await expect(page.getByTestId('login-password').inputValue()).resolves.toBe(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('wallet-card').first().waitFor();
    await context.close();
  });

  it('a service provider lands on its own home and sees its menu and company', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000001');
    await page.waitForURL('**/service-provider/wallet');
    await expect(page.getByTestId('menu-item-service-provider-reports').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('company-name').textContent()).resolves.toContain('Atlas Bank');
    await context.close();
  });

  it('a wrong password keeps the user on the login page with the login error', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000002', 'WrongPassword1');
    const note = page.getByTestId('notification').first();
    await note.waitFor();
    expect(page.url()).toContain('/login');
    await expect(page.getByTestId('login-submit').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('the role guard sends a merchant who opens a service-provider URL to its own home', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000003');
    await page.waitForURL('**/merchant/wallet');
    await page.goto('/service-provider/wallet');
    await page.waitForURL('**/merchant/wallet');
    expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
    await context.close();
  });

  it('signing out returns to the login page and the session is gone', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000004');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'corridor_auth')).toBeUndefined();
    await page.goto('/merchant/wallet');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('forbidden page', () => {
  it('shows the trace id, copies it with a confirmation, and goes back', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signIn(page, '200000002');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/error/forbidden?traceId=trace-7f3a');
    await expect(page.getByTestId('forbidden-trace-id').textContent()).resolves.toContain('trace-7f3a');
    await page.getByTestId('forbidden-copy').click();
    await page.getByText('Copied').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('trace-7f3a');
    await page.getByTestId('forbidden-back').click();
    await page.waitForURL('**/service-provider/wallet');
    await context.close();
  });

  it('shows N/A when there is no trace id', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '200000002');
    await page.waitForURL('**/service-provider/wallet');
    await page.goto('/error/forbidden');
    await expect(page.getByTestId('forbidden-trace-id').textContent()).resolves.toContain('N/A');
    await context.close();
  });
});

describe('inactivity', () => {
  it('logs the user out after one hour without activity (browser clock)', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.clock.install();
    await signIn(page, '100000005');
    await page.waitForURL('**/merchant/wallet');
    // 59 minutes: still signed in.
    await page.clock.runFor('59:00');
    expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
    // Past the hour, then the 2 s logout delay.
    await page.clock.runFor('01:05');
    await page.clock.runFor(3000);
    await page.waitForURL('**/login', { timeout: 15_000 });
    await context.close();
  });

  it('activity resets the inactivity timer', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.clock.install();
    await signIn(page, '100000005');
    await page.waitForURL('**/merchant/wallet');
    await page.clock.runFor('50:00');
    await page.mouse.move(200, 300);
    await page.keyboard.press('Shift');
    await page.clock.runFor('50:00');
    expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
    await context.close();
  });
});

describe('languages', () => {
  it('Arabic lays the portal out right to left', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    // Let the wallet list settle first: the switch sits in the footer, below the list.
    await page.getByTestId('wallet-card').first().waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ar');
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn } from './browser.ts';

const baseUrl = workerBaseUrl();
const CLIENT = Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64');
let browser: Browser;

beforeAll(async () => {
  browser = await launch({ serviceWorkers: 'allow' });
});
afterAll(async () => {
  await browser.close();
});

/** Every bearer token the page sends, in order. */
function captureBearerTokens(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers()['authorization'];
    if (authorization?.startsWith('Bearer ')) {
      const token = authorization.slice('Bearer '.length);
      if (!tokens.includes(token)) tokens.push(token);
    }
  });
  return tokens;
}

/** Everything a script of the page can read: cookies, localStorage, sessionStorage and every IndexedDB record. */
async function scriptReadableState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [`cookie:${document.cookie}`];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)!;
        parts.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${info.name}/${storeName}:${JSON.stringify(records)}`);
      }
      db.close();
    }
    return parts.join('\n');
  });
}

describe('session tokens: access token in memory, 30-day sign-in through the HttpOnly refresh cookie', () => {
  it('a reload keeps the user signed in, and no token is readable from cookies, storage or IndexedDB', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const tokens = captureBearerTokens(page);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('company-name').waitFor();

    const refresh = (await context.cookies()).find((c) => c.name === 'corridor_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/oauth' });
    // 30 days, give or take the test's own time.
    expect(refresh!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    await page.reload();
    await page.getByTestId('company-name').waitFor();
    expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
    await expect(page.getByTestId('company-name').textContent()).resolves.toContain('Globex Trading');

    // The reloaded page got its own access token from the refresh cookie (its first call may follow the
    // company name, which the device shows from its own copy).
    await expect.poll(() => tokens.length).toBeGreaterThanOrEqual(2);
    const readable = await scriptReadableState(page);
    for (const token of tokens) expect(readable).not.toContain(token);
    expect(readable).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/);
    expect(readable).not.toContain('corridor_refresh');
    expect(readable).not.toContain(refresh!.value);
    await context.close();
  });

  it('a first visit asks for no renewal it cannot get; the readable session hint comes with sign-in and goes with logout', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const failed: string[] = [];
    const renewals: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('request', (r) => {
      if (r.url().endsWith('/oauth/token')) renewals.push(r.postData() ?? '');
    });
    page.on('console', (m) => {
      if (m.type() === 'error') failed.push(m.text());
    });
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    // A protected page without a session goes to the login page, still without a call.
    await page.goto('/merchant/wallet');
    await page.waitForURL('**/login');
    await page.getByTestId('login-submit').waitFor();
    expect(renewals).toEqual([]);
    expect(failed).toEqual([]);

    await signIn(page, '100000011');
    await page.waitForURL('**/merchant/wallet');
    const hint = (await context.cookies()).find((c) => c.name === 'corridor_session');
    expect(hint).toMatchObject({ value: '1', httpOnly: false, path: '/', sameSite: 'Strict' });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect((await context.cookies()).find((c) => c.name === 'corridor_session')).toBeUndefined();
    await context.close();
  });

  it('the access token is renewed before it expires (browser clock), rotating the refresh cookie', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.clock.install();
    await signIn(page, '100000003');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('company-name').waitFor();
    const first = (await context.cookies()).find((c) => c.name === 'corridor_refresh')?.value;
    const renewal = page.waitForResponse((r) => r.url().endsWith('/oauth/token') && (r.request().postData() ?? '').includes('grant_type=refresh_token'));
    // Access tokens live 15 minutes; the renewal goes a minute before.
    await page.clock.runFor('14:01');
    expect((await renewal).status()).toBe(200);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'corridor_refresh')?.value).not.toBe(first);
    expect(new URL(page.url()).pathname).toBe('/merchant/wallet');
    await context.close();
  });

  it('two tabs starting at once both stay signed in (one renewal at a time, the rotated cookie is not reused)', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, '100000001');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('company-name').waitFor();
    const second = await context.newPage();
    const third = await context.newPage();
    await Promise.all([page.reload(), second.goto('/merchant/wallet'), third.goto('/merchant/wallet')]);
    for (const tab of [page, second, third]) {
      await tab.getByTestId('company-name').waitFor();
      expect(new URL(tab.url()).pathname).toBe('/merchant/wallet');
    }
    await context.close();
  });

  it('after logout the access token the page used gets 401, and its refresh cookie is gone and revoked', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    const tokens = captureBearerTokens(page);
    await signIn(page, '100000002');
    await page.waitForURL('**/merchant/wallet');
    await page.getByTestId('company-name').waitFor();
    const used = tokens.at(-1);
    expect(used).toBeDefined();
    const refresh = (await context.cookies()).find((c) => c.name === 'corridor_refresh');
    expect(refresh).toBeDefined();

    const before = await fetch(`${baseUrl}/users/me`, { headers: { Authorization: `Bearer ${used}` } });
    expect(before.status).toBe(200);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL('**/login', { timeout: 15_000 });

    const after = await fetch(`${baseUrl}/users/me`, { headers: { Authorization: `Bearer ${used}` } });
    expect(after.status).toBe(401);
    expect((await context.cookies()).find((c) => c.name === 'corridor_refresh')).toBeUndefined();

    // The revoked refresh cookie, replayed by hand, gives no new token.
    const replay = await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${CLIENT}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: `corridor_refresh=${refresh!.value}`,
      },
      body: 'grant_type=refresh_token&refresh_token_transport=cookie',
    });
    expect(replay.status).toBe(401);
    await expect(replay.json()).resolves.toMatchObject({ code: 'INVALID_GRANT' });

    // And a reload stays on the login page.
    await page.goto('/merchant/wallet');
    await page.waitForURL('**/login');
    await context.close();
  });
});

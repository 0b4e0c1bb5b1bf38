import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/**
 * The two builds of Debian's Chromium (one source, one version: the same Blink, V8 and network stack).
 * `headless-shell` (package `chromium-headless-shell`) is Chromium without the browser's own windows,
 * toolbar and omnibox; `chromium` (package `chromium`) is the whole browser run headless, which makes each
 * new context a browser window with its UI (and preloads the omnibox popup's page in a renderer of its own):
 * about 0.75 s of CPU per context on this machine against 0.26 s for the shell (docs/testing.md). Each has its
 * own variable naming another binary (CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH): one variable for both would
 * put the files that need the whole browser's PDF viewer on the shell.
 */
const CHROMIUM_BINARIES = {
  'headless-shell': () => process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
  chromium: () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
} as const;

export interface LaunchOptions {
  /**
   * Whether the portal's service worker may install in the browser's contexts. Blocked unless a file asks:
   * installing it makes every new context download and cache the whole portal (its precache), which cost the
   * screen tests about a fifth of their time, and only the files about going offline, the outbox, the session
   * and the bad line need it. Those files launch with 'allow' (docs/testing.md lists them and why).
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * The tests drive the headless shell (they are bound by the browser's CPU on two cores, and the shell spends
   * less of it on every context it opens); the benches drive the whole browser, as the figures they compare
   * over time were taken with it.
   */
  binary?: keyof typeof CHROMIUM_BINARIES;
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launch(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_BINARIES[options.binary ?? 'headless-shell'](),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context of this browser (newPage makes one too) takes the file's choice unless its own options say.
  const serviceWorkers = options.serviceWorkers ?? 'block';
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (contextOptions = {}) => newContext({ serviceWorkers, ...contextOptions });
  return browser;
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Until the portal's service worker controls the page: installed, its precache (the shell, every screen's code, the
 * translations) done, so a reload can start without the network. A page loaded before the worker was active is
 * reloaded once to come under it.
 */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

export const DEMO_PASSWORD = 'Corridor2026';

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, digit9Id: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-id').fill(digit9Id);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * A call to the server's API as the token's user, as the tests set their scene: any answer but 201 to a
 * POST or 200 to a GET fails the test with the server's answer in the message.
 */
export async function apiCall<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const expected = method === 'POST' ? 201 : 200;
  if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status} (expected ${expected}): ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh context signed in as the user, on its landing wallet page (`/merchant` or `/service-provider`). */
export async function signedInPage(browser: Browser, baseURL: string, digit9Id: string, portal: 'merchant' | 'service-provider', width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, digit9Id);
  await page.waitForURL(`**/${portal}/wallet`);
  return page;
}

/** A row of the TSP's authorization lists: the table row holding the transaction's id cell. */
export function authorizationRow(page: Page, transactionId: string): Locator {
  return page.locator('tr', { has: page.locator(`[data-testid="auth-row"][data-transaction-id="${transactionId}"]`) });
}

/** A merchant wallet as the tests pick one. */
export interface MerchantWallet {
  id: string;
  serviceProviderId: string | null;
  currency: { code: string };
}

/**
 * The merchant's USD and AED payment wallets at one TSP (Globex's are at Atlas Bank, so one TSP approves both
 * sides of a transfer between them), with USD 50,000 credited through the operations call so transfers and
 * their fees are covered.
 */
export async function fundedUsdAedWallets(baseUrl: string, merchantToken: string, opsToken: string): Promise<{ usd: MerchantWallet; aed: MerchantWallet }> {
  const wallets = await apiCall<{ content: MerchantWallet[] }>(baseUrl, merchantToken, 'GET', '/v1/merchant/wallets?size=100&types=PAYMENT');
  const usd = wallets.content.find((w) => w.currency.code === 'USD');
  const aed = wallets.content.find((w) => w.currency.code === 'AED' && w.serviceProviderId === usd?.serviceProviderId);
  if (!usd || !aed) throw new Error('the merchant has no USD and AED wallets at one TSP');
  const credit = await apiCall<{ status: string }>(baseUrl, opsToken, 'POST', '/v1/internal/transactions/merchant/credit-topup', {
    walletId: usd.id,
    amount: '50000',
    currency: 'USD',
  });
  if (credit.status !== 'COMPLETED') throw new Error(`the credit top-up is ${credit.status}, not COMPLETED`);
  return { usd, aed };
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import { MERCHANT_MENU, SERVICE_PROVIDER_MENU, type MenuItem } from '../../packages/domain/src/navigation.ts';
import { launch, newPage, signIn } from './browser.ts';

// Every menu entry of both roles, opened as a new user would: none may show the not-found content ('Nothing
// here yet'). The entries come from the menus themselves, so a new entry is checked without touching this file.
const baseUrl = workerBaseUrl();
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** The portal's path of a menu leaf: the spec's bottom 'notification' entry sits inside the role's area. */
function leaves(menu: readonly MenuItem[], area: string): string[] {
  return menu
    .flatMap((item) => item.subMenu ?? [item])
    .map((item) => (item.path === area || item.path.startsWith(`${area}/`) ? `/${item.path}` : `/${area}/${item.path}`));
}

async function opensAScreen(page: Page, path: string): Promise<string | null> {
  // Not 'networkidle' (half a second of quiet after each screen's reads): the route's heading or the not-found
  // content is the router's answer, rendered once the route's code has loaded, whatever its reads still do.
  await page.goto(path);
  // The page's own content has arrived: a heading inside the main region, or the not-found content.
  await page.locator('main h1, [data-testid="not-found"]').first().waitFor({ timeout: 20_000 });
  if ((await page.getByTestId('not-found').count()) > 0) return `${path} shows the not-found content`;
  if (!new URL(page.url()).pathname.startsWith(`/${path.split('/')[1]}`)) return `${path} left its area for ${page.url()}`;
  return null;
}

describe('every menu entry opens its screen', () => {
  it.each([
    ['merchant', '100000001', MERCHANT_MENU],
    ['service-provider', '200000001', SERVICE_PROVIDER_MENU],
  ] as const)('%s', async (area, user, menu) => {
    const { context, page } = await newPage(browser, baseUrl);
    await signIn(page, user);
    await page.waitForURL(`**/${area}/**`);
    const paths = leaves(menu, area);
    expect(paths.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const path of paths) {
      const problem = await opensAScreen(page, path);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

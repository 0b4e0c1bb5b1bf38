import type { BrowserContext, Page } from 'playwright-core';

/**
 * The moment the login form is interactive, as the portal bench and the browser tests take it: the ID field in
 * the page and enabled, on the page's clock, recorded by the page itself as the DOM changes (a poll from the test
 * would see it late on a loaded machine). A string: tsx would wrap a function's helpers in names the page does
 * not have. Call before the page navigates to the form.
 */
export async function watchFormInteractive(context: BrowserContext): Promise<void> {
  await context.addInitScript(`
    new MutationObserver((_, observer) => {
      const field = document.querySelector('[data-testid="login-id"]');
      if (field && !field.disabled && window.__formInteractiveAt === undefined) {
        window.__formInteractiveAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  `);
}

/**
 * Resolves, once the login form takes input, with that moment on the page's clock (performance.now()). The page
 * checks its own mark at each animation frame (`waitForFunction`'s polling); a locator's `waitFor` first would
 * poll from the driver at growing intervals up to 500 ms, so the driver's clock would read the polling grid more
 * than the page. The field is visible by then: the locator's check passes at its first try.
 */
export async function formInteractive(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __formInteractiveAt?: number }).__formInteractiveAt ?? false, undefined, {
    polling: 'raf',
  });
  await page.getByTestId('login-id').waitFor({ state: 'visible' });
  return (await handle.jsonValue()) as number;
}

/** The JS and CSS files (paths under the portal's root, e.g. `assets/index-abc.js`) the page asked for before `until` (page clock). */
export async function scriptsAndStylesBefore(page: Page, until: number): Promise<string[]> {
  const paths = await page.evaluate(
    (limit) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime <= limit)
        .map((entry) => new URL(entry.name).pathname),
    until,
  );
  return paths.filter((path) => /\.(js|css)$/.test(path)).map((path) => path.replace(/^\//, ''));
}

import type { BrowserContext, Page } from 'playwright-core';

type Moment = 'interactive' | 'clickable' | 'working';
type Marks = Record<Moment, { at: Promise<number>; report: (at: number) => void }>;

/** Each page's moments, as the page reports them through the binding (on the page's clock). */
const reported = new WeakMap<Page, Marks>();

function marksOf(page: Page): Marks {
  let marks = reported.get(page);
  if (!marks) {
    const mark = () => {
      let report: (at: number) => void = () => {};
      const at = new Promise<number>((resolve) => {
        report = resolve;
      });
      return { at, report };
    };
    marks = { interactive: mark(), clickable: mark(), working: mark() };
    reported.set(page, marks);
  }
  return marks;
}

/**
 * The moments the login form is interactive, as the portal bench and the browser tests take them, on the page's
 * clock: the first frame that draws the ID field in the page, enabled and visible ('interactive'); the first
 * whose field nothing covers, so a click at its centre reaches it ('clickable': the session's loader gone); and
 * the first whose form can be sent ('working': its button enabled, which the form the HTML carries keeps
 * disabled until the portal's scripts have run and React's form has taken its place; a form without a button,
 * as the bare page's, works once drawn). A
 * frame, not a DOM change: a form that comes with the HTML is in the DOM before its stylesheet has arrived, and
 * the browser draws nothing until it has. The page reports them through a binding, a message the driver
 * receives as it is sent: a poll from the driver would first evaluate the driver's own page script (~0.3-0.7 s
 * of the page's main thread on the bench's 4x slower CPU, traced with DEBUG=pw:protocol), and the clock would
 * read the driver, not the page. A string: tsx would wrap a function's helpers in names the page does not have.
 * Call before the page navigates.
 */
export async function watchFormInteractive(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__corridorFormMoment', ({ page }, moment: Moment, at: number) => marksOf(page)[moment].report(at));
  await context.addInitScript(`
    const seen = new Set();
    const moment = (name, at) => {
      if (seen.has(name)) return;
      seen.add(name);
      window.__corridorFormMoment(name, at);
    };
    const frame = () => {
      const field = document.querySelector('[data-testid="login-id"]');
      if (field && !field.disabled && field.checkVisibility()) {
        const now = performance.now();
        moment('interactive', now);
        const box = field.getBoundingClientRect();
        if (document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === field) moment('clickable', now);
        if (!document.querySelector('[data-testid="login-submit"]')?.disabled) moment('working', now);
      }
      if (seen.size < 3) requestAnimationFrame(frame);
    };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="login-id"]')) return;
      observer.disconnect();
      requestAnimationFrame(frame);
    }).observe(document, { subtree: true, childList: true });
  `);
}

/** Resolves, once the login form takes input, with that moment on the page's clock (performance.now()). */
export function formInteractive(page: Page): Promise<number> {
  return marksOf(page).interactive.at;
}

/** Resolves, once the login form can be sent (the portal's scripts have run), with that moment on the page's clock. */
export function formWorking(page: Page): Promise<number> {
  return marksOf(page).working.at;
}

/** Resolves, once a click reaches the login form's ID field, with that moment on the page's clock. */
export function formClickable(page: Page): Promise<number> {
  return marksOf(page).clickable.at;
}

/**
 * The JS and CSS files (paths under the portal's root, e.g. `assets/index-abc.js`) the page asked for before
 * `until` (page clock), or with `arrived`, those whose answer had arrived by then.
 */
export async function scriptsAndStylesBefore(page: Page, until: number, { arrived = false } = {}): Promise<string[]> {
  const paths = await page.evaluate(
    ({ limit, byEnd }) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => (byEnd ? entry.responseEnd : entry.startTime) <= limit)
        .map((entry) => new URL(entry.name).pathname),
    { limit: until, byEnd: arrived },
  );
  return paths.filter((path) => /\.(js|css)$/.test(path)).map((path) => path.replace(/^\//, ''));
}

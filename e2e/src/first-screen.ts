import type { BrowserContext, Page } from 'playwright-core';

type Moment = 'interactive' | 'clickable';
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
    marks = { interactive: mark(), clickable: mark() };
    reported.set(page, marks);
  }
  return marks;
}

/**
 * The moments the login form is interactive, as the portal bench and the browser tests take them, on the page's
 * clock: the first frame that draws the ID field in the page, enabled and visible ('interactive'), and the first
 * whose field nothing covers, so a click at its centre reaches it ('clickable': the session's loader gone). A
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
    let interactive = false;
    const frame = () => {
      const field = document.querySelector('[data-testid="login-id"]');
      if (field && !field.disabled && field.checkVisibility()) {
        const now = performance.now();
        if (!interactive) window.__corridorFormMoment('interactive', now);
        interactive = true;
        const box = field.getBoundingClientRect();
        if (document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === field) {
          window.__corridorFormMoment('clickable', now);
          return;
        }
      }
      requestAnimationFrame(frame);
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

/** Resolves, once a click reaches the login form's ID field, with that moment on the page's clock. */
export function formClickable(page: Page): Promise<number> {
  return marksOf(page).clickable.at;
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

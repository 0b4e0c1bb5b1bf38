/**
 * The browser's Intl formatters, each made once per language and options and then reused. Making one is
 * the costly part (the first of a kind loads the language's data; each later one still builds its pattern):
 * a screen that re-renders every few seconds, or a list of rows that each format a figure, otherwise pays it
 * on every render, and on the first signed-in screen it was a sixth of the render (docs/performance.md).
 */
import { userTimeZone } from './user-time-zone.ts';

const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  const found = made.get(key) as T | undefined;
  if (found !== undefined) return found;
  const formatter = make();
  made.set(key, formatter);
  return formatter;
}

/** "3 minutes ago" in the language's own words and plurals (`numeric: 'always'`: never "yesterday"). */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  return once(`relative|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'always' }));
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(`number|${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(`date|${language}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));
}

/** A moment as `Date.prototype.toLocaleString(language, { timeZone })` writes it: date and time, numeric. */
export function formatDateTime(moment: Date | string | number, language: string, timeZone: string): string {
  const numeric = 'numeric' as const;
  return dateTimeFormat(language, { timeZone, year: numeric, month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric }).format(
    new Date(moment),
  );
}

/**
 * Makes, ahead of it, the formatters the first signed-in screen makes (the wallet list's cached-data ages: the
 * relative time, and the moment in full in their titles; the notification count). The first of a kind loads the
 * language's data, 0.1-0.14 s on the bench's 4x slower CPU, which otherwise falls inside the first render after
 * the sign-in (lib/prefetch-home.ts calls it at an idle moment while the user types).
 */
export function warmFormatters(language: string): void {
  relativeTimeFormat(language);
  formatDateTime(0, language, userTimeZone());
  numberFormat(language);
}

/**
 * Order of codes and ISO dates (currency codes, `2026-11-27`): by code point, which for them is the
 * alphabetical and the chronological order alike. No collator: language rules mean nothing for codes, and
 * the page's first collator loads its data inside a render.
 */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

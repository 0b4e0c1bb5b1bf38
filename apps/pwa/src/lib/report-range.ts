import { DEFAULT_QUICK_DATE_OPTION, QUICK_DATE_OPTIONS, quickDateRange, type QuickDateOption } from '@corridor/domain';

/** A day as the portal writes it (dd/MM/yyyy) from an ISO day (yyyy-MM-dd). */
export function toPortalDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** dd/MM/yyyy to yyyy-MM-dd, or null when it is no real day. */
export function fromPortalDay(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * The days of a quick option (spec 9: one day, the default, two days, three days, one week, one month),
 * counted in the user's stored time zone, as the portal writes days (dd/MM/yyyy).
 */
export function quickPortalRange(option: QuickDateOption, timeZone: string, now: Date): { from: string; to: string } {
  const range = quickDateRange(option, timeZone, now);
  return { from: toPortalDay(range.from), to: toPortalDay(range.to) };
}

/** The quick option whose days the range is, or null when it was typed or picked otherwise. */
export function quickOptionOf(range: { from: string; to: string }, timeZone: string, now: Date): QuickDateOption | null {
  const match = QUICK_DATE_OPTIONS.find(({ value }) => {
    const days = quickPortalRange(value, timeZone, now);
    return days.from === range.from && days.to === range.to;
  });
  return match?.value ?? null;
}

/** An export form's first range: spec 9's default quick option, one day (today). */
export function defaultReportRange(timeZone: string, now: Date): { from: string; to: string } {
  return quickPortalRange(DEFAULT_QUICK_DATE_OPTION, timeZone, now);
}

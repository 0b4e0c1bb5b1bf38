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

export type QuickRange = 'last7' | 'thisMonth' | 'lastMonth' | 'last90';
export const QUICK_RANGES: readonly QuickRange[] = ['last7', 'thisMonth', 'lastMonth', 'last90'];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The days a quick option stands for, counted from `today` (UTC days). */
export function quickRange(kind: QuickRange, today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  switch (kind) {
    case 'last7':
      return { from: iso(new Date(today.getTime() - 6 * 86_400_000)), to: iso(today) };
    case 'last90':
      return { from: iso(new Date(today.getTime() - 89 * 86_400_000)), to: iso(today) };
    case 'thisMonth':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(today) };
    case 'lastMonth':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
  }
}

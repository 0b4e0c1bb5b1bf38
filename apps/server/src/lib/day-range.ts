/*
 * The ends of a date filter's day. A filter takes a `yyyy-MM-dd` day (in UTC) or a full timestamp;
 * a timestamp is taken as it is, at both ends.
 */

const isDay = (value: string) => value.length === 10;

/** The first instant of the filter's day. */
export function dayStartOf(value: string): Date {
  return new Date(isDay(value) ? `${value}T00:00:00.000Z` : value);
}

/** The last millisecond of the filter's day: the bound of an inclusive "to" (`<=`). */
export function dayEndOf(value: string): Date {
  return new Date(isDay(value) ? `${value}T23:59:59.999Z` : value);
}

/** The first instant after the filter's day: the bound of an exclusive "to" (`<`). */
export function dayAfter(value: string): Date {
  const start = dayStartOf(value);
  return isDay(value) ? new Date(start.getTime() + 86_400_000) : start;
}

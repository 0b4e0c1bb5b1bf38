/**
 * Date rules and display formats (spec 9 "Formats", "Quick date options", "'Updated ... ago'").
 * Everything is computed through Intl in an explicit IANA time zone, never the host's offset
 * arithmetic, so a user in Asia/Kolkata sees the same calendar day on any machine.
 */

/** What date helpers accept: a Date, epoch milliseconds or a string in a supported format. */
export type DateInput = Date | string | number;

/** The error every date helper throws on input it cannot read (spec 8). */
export const INVALID_DATE_FORMAT = 'Invalid date format';

/** Wall-clock fields of a moment in some time zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * A parsed input: either an instant (carries its own zone: a Date, epoch ms, ISO with Z or
 * offset) or a wall time without zone (dd/MM/yyyy, yyyy-MM-dd, ISO without offset), which is
 * shown as written and placed in the user's zone when compared with instants.
 */
type ParsedDate = { kind: 'instant'; ms: number } | { kind: 'wall'; wall: WallTime };

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
const DISPLAY_WALL = /^(\d{2})\/(\d{2})\/(\d{4})(?:,?\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function invalid(): Error {
  return new Error(INVALID_DATE_FORMAT);
}

/** Days in a month (1-based month), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function wallFrom(y: string, mo: string, d: string, h?: string, mi?: string, s?: string): WallTime {
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
  };
  const valid =
    wall.month >= 1 &&
    wall.month <= 12 &&
    wall.day >= 1 &&
    wall.day <= daysInMonth(wall.year, wall.month) &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59;
  if (!valid) throw invalid();
  return wall;
}

function parseDateInput(value: unknown): ParsedDate {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw invalid();
    return { kind: 'instant', ms };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid();
    return { kind: 'instant', ms: value };
  }
  if (typeof value !== 'string') throw invalid();
  const text = value.trim();
  if (ISO_INSTANT.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw invalid();
    // Date.parse rolls 2026-02-30 over to March: check the calendar date it was given.
    const [y, mo, d] = text.slice(0, 10).split('-');
    wallFrom(y ?? '', mo ?? '', d ?? '');
    return { kind: 'instant', ms };
  }
  const iso = ISO_WALL.exec(text);
  if (iso) {
    const [, y = '', mo = '', d = '', h, mi, s] = iso;
    return { kind: 'wall', wall: wallFrom(y, mo, d, h, mi, s) };
  }
  const display = DISPLAY_WALL.exec(text);
  if (display) {
    const [, d = '', mo = '', y = '', h, mi, s] = display;
    return { kind: 'wall', wall: wallFrom(y, mo, d, h, mi, s) };
  }
  throw invalid();
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatterCache.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * LOCAL_TIME_ZONE_KEY (session.ts), written out: this module is loaded by the screens, the session's module
 * by the first screen, and neither should pull the other in.
 */
const STORED_ZONE_KEY = 'TIME_ZONE';
let lastStored: string | null = null;
let lastZone: string | undefined;

/**
 * The signed-in user's zone, spec 3: "User settings: key PROFILE_TIME_ZONE, stored locally as TIME_ZONE;
 * the local zone is used when absent". The portal stores it at sign-in and removes it at logout; read
 * where it is kept (a runtime without local storage, the server, has none), checked once per value.
 */
function storedTimeZone(): string | undefined {
  let stored: string | null;
  try {
    stored = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage?.getItem(STORED_ZONE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (stored !== lastStored) {
    lastStored = stored;
    lastZone = isValidTimeZone(stored) ? stored : undefined;
  }
  return lastZone;
}

let hostZone: string | undefined;

/** The zone dates are shown in when none is given: the user's stored PROFILE_TIME_ZONE, else the host's. */
export function displayTimeZone(): string {
  // The host's zone is read once: a formatter made to ask it costs more than every render that shows a date
  // should pay, and a host that changes zone is seen at the next start.
  return storedTimeZone() ?? (hostZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function zoneOrLocal(timeZone: string | null | undefined): string | undefined {
  return timeZone === null || timeZone === undefined || timeZone.trim() === '' ? storedTimeZone() : timeZone;
}

/**
 * Wall-clock fields of an instant in a time zone (the user's stored zone, else the host's, when none is given).
 *
 * @example wallTimeOf(Date.UTC(2026, 0, 1, 23, 30), 'Asia/Dubai') // { year: 2026, month: 1, day: 2, hour: 3, minute: 30, second: 0 }
 */
export function wallTimeOf(ms: number, timeZone?: string | null): WallTime {
  const parts = formatterFor(zoneOrLocal(timeZone)).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

function wallToUtcMs(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The instant at which a wall time occurs in a time zone (the earlier one across a DST fold).
 *
 * @example new Date(instantOfWallTime({ year: 2026, month: 3, day: 1, hour: 0, minute: 0, second: 0 }, 'Asia/Dubai')).toISOString() // '2026-02-28T20:00:00.000Z'
 */
export function instantOfWallTime(wall: WallTime, timeZone?: string | null): number {
  const guess = wallToUtcMs(wall);
  const offsetAt = (ms: number) => wallToUtcMs(wallTimeOf(ms, timeZone)) - ms;
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return Math.min(first, second);
}

/** Epoch milliseconds of any supported input; wall times are placed in `timeZone`. */
export function toInstant(value: DateInput, timeZone?: string | null): number {
  const parsed = parseDateInput(value);
  return parsed.kind === 'instant' ? parsed.ms : instantOfWallTime(parsed.wall, timeZone);
}

function wallOf(value: DateInput, timeZone?: string | null): WallTime {
  const parsed = parseDateInput(value);
  return parsed.kind === 'instant' ? wallTimeOf(parsed.ms, timeZone) : parsed.wall;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const pad4 = (n: number): string => String(n).padStart(4, '0');

function datePart(w: WallTime): string {
  return `${pad2(w.day)}/${pad2(w.month)}/${pad4(w.year)}`;
}

function timePart(w: WallTime): string {
  return `${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}`;
}

/**
 * Spec 9 "date dd/MM/YYYY", in the given time zone (the host's when absent).
 * Throws Error('Invalid date format') on unsupported input.
 *
 * @example formatDate('2026-11-21T22:30:00Z', 'Asia/Dubai') // '22/11/2026'
 */
export function formatDate(value: DateInput, timeZone?: string | null): string {
  return datePart(wallOf(value, timeZone));
}

/**
 * Spec 9 "timestamp dd/MM/YYYY HH:mm:ss", in the given time zone.
 *
 * @example formatTimestamp('2026-11-22T02:04:05Z', 'UTC') // '22/11/2026 02:04:05'
 */
export function formatTimestamp(value: DateInput, timeZone?: string | null): string {
  const w = wallOf(value, timeZone);
  return `${datePart(w)} ${timePart(w)}`;
}

/**
 * Spec 9 "timestamps UTC dd/MM/YYYY, HH:mm:ss".
 *
 * @example formatTimestampUtc('2026-11-22T04:04:05+02:00') // '22/11/2026, 02:04:05'
 */
export function formatTimestampUtc(value: DateInput): string {
  const w = wallOf(value, 'UTC');
  return `${datePart(w)}, ${timePart(w)}`;
}

/**
 * Spec 9 "local default dd/MM/yyyy HH:mm:ss": a timestamp in the user's zone (the host's when none is set).
 */
export function formatLocalDefault(value: DateInput): string {
  return formatTimestamp(value, undefined);
}

/**
 * Spec 9 "comments MMM d, y, h:mm:ss" (12-hour clock, no day period, as the pattern reads).
 *
 * @example formatCommentDate('2026-11-22T14:05:09Z', 'UTC') // 'Nov 22, 2026, 2:05:09'
 */
export function formatCommentDate(value: DateInput, timeZone?: string | null): string {
  const w = wallOf(value, timeZone);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const month = MONTH_ABBREVIATIONS[w.month - 1] ?? '';
  return `${month} ${w.day}, ${w.year}, ${hour12}:${pad2(w.minute)}:${pad2(w.second)}`;
}

/**
 * Calendar date yyyy-MM-dd of a moment in a time zone (what date filters send).
 *
 * @example toCalendarDate('2026-11-21T22:30:00Z', 'Asia/Dubai') // '2026-11-22'
 */
export function toCalendarDate(value: DateInput, timeZone?: string | null): string {
  const w = wallOf(value, timeZone);
  return `${pad4(w.year)}-${pad2(w.month)}-${pad2(w.day)}`;
}

/**
 * Start of the calendar day of a moment, in a time zone, as epoch ms.
 *
 * @example new Date(startOfDay('2026-11-22T10:00:00Z', 'UTC')).toISOString() // '2026-11-22T00:00:00.000Z'
 */
export function startOfDay(value: DateInput, timeZone?: string | null): number {
  const w = wallOf(value, timeZone);
  return instantOfWallTime({ ...w, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone dates are shown in (spec 3: "User settings: key PROFILE_TIME_ZONE, stored locally
 * as TIME_ZONE; the local zone is used when absent").
 *
 * @example resolveTimeZone('Asia/Dubai') // 'Asia/Dubai'
 * @example resolveTimeZone(null) // the host's zone, e.g. 'UTC'
 */
export function resolveTimeZone(stored: string | null | undefined): string {
  return isValidTimeZone(stored) ? stored : displayTimeZone();
}

/** Spec 9: "Duration codes: 1D, 2D, 3D, 1W, 1M, 1Y". */
export const DURATION_CODES = ['1D', '2D', '3D', '1W', '1M', '1Y'] as const;
export type DurationCode = (typeof DURATION_CODES)[number];

/** Spec 9 quick date options: "one day (default), two days, three days, one week, one month". */
export const QUICK_DATE_OPTIONS = [
  { value: '1D', labelKey: 'dataTable.quick.oneDay' },
  { value: '2D', labelKey: 'dataTable.quick.twoDays' },
  { value: '3D', labelKey: 'dataTable.quick.threeDays' },
  { value: '1W', labelKey: 'dataTable.quick.oneWeek' },
  { value: '1M', labelKey: 'dataTable.quick.oneMonth' },
] as const;
export type QuickDateOption = (typeof QUICK_DATE_OPTIONS)[number]['value'];
/** Spec 9: "one day (default)". */
export const DEFAULT_QUICK_DATE_OPTION: QuickDateOption = '1D';

/** Days a quick option reaches back (spec 9: "two days (back 1 day), three days (back 2), one week (back 6)"). */
const DAYS_BACK: Readonly<Record<'1D' | '2D' | '3D' | '1W', number>> = { '1D': 0, '2D': 1, '3D': 2, '1W': 6 };

function calendarString(y: number, m: number, d: number): string {
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`;
}

/** Goes back whole calendar months from a date, clamping the day to the month's end. */
function monthsBack(w: WallTime, months: number): string {
  const index = w.year * 12 + (w.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return calendarString(year, month, Math.min(w.day, daysInMonth(year, month)));
}

/**
 * Date range of a quick option (spec 9): calendar dates yyyy-MM-dd in the user's zone;
 * 1D today..today, 2D back 1 day, 3D back 2, 1W back 6, 1M back one calendar month (the day
 * clamped to the month end: 31 Mar -> 28/29 Feb); 1Y (a duration code) back one calendar year.
 *
 * @example quickDateRange('1W', 'UTC', new Date('2026-11-22T10:00:00Z')) // { from: '2026-11-16', to: '2026-11-22' }
 * @example quickDateRange('1M', 'UTC', new Date('2026-03-31T10:00:00Z')) // { from: '2026-02-28', to: '2026-03-31' }
 */
export function quickDateRange(option: QuickDateOption | '1Y', timeZone: string, now: Date): { from: string; to: string } {
  const today = wallTimeOf(now.getTime(), timeZone);
  const to = calendarString(today.year, today.month, today.day);
  if (option === '1M') return { from: monthsBack(today, 1), to };
  if (option === '1Y') return { from: monthsBack(today, 12), to };
  const back = new Date(Date.UTC(today.year, today.month - 1, today.day - DAYS_BACK[option]));
  return {
    from: calendarString(back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate()),
    to,
  };
}

/**
 * Quick selector click (spec 4: "clicking the selected one again deselects it unless the field
 * is required").
 *
 * @example toggleQuickDate('1W', '1W', false) // null
 * @example toggleQuickDate('1W', '1W', true) // '1W'
 */
export function toggleQuickDate<T extends string>(current: T | null, clicked: T, required: boolean): T | null {
  if (current !== clicked) return clicked;
  return required ? current : null;
}

/** Unit of an 'Updated ... ago' label (spec 9). */
export type AgoUnit = 'seconds' | 'minutes' | 'hours' | 'days';

/**
 * 'Updated ... ago' (spec 9: "labels use seconds, minutes, hours, days"): the largest whole unit,
 * floored; a future `from` counts as 0 seconds.
 *
 * @example updatedAgo(new Date(0), new Date(59_000)) // { key: 'seconds', count: 59 }
 * @example updatedAgo(new Date(0), new Date(7_200_000)) // { key: 'hours', count: 2 }
 */
export function updatedAgo(from: Date, now: Date): { key: AgoUnit; count: number } {
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (Number.isNaN(elapsed)) throw invalid();
  if (elapsed < MS_PER_MINUTE) return { key: 'seconds', count: Math.floor(elapsed / MS_PER_SECOND) };
  if (elapsed < MS_PER_HOUR) return { key: 'minutes', count: Math.floor(elapsed / MS_PER_MINUTE) };
  if (elapsed < MS_PER_DAY) return { key: 'hours', count: Math.floor(elapsed / MS_PER_HOUR) };
  return { key: 'days', count: Math.floor(elapsed / MS_PER_DAY) };
}

/**
 * Date-range picker, start side (spec 5: "start date cannot be after end date").
 *
 * @example isStartDateDisabled('2026-11-23', '2026-11-22') // true
 */
export function isStartDateDisabled(start: DateInput, end: DateInput | null | undefined, timeZone?: string | null): boolean {
  if (end === null || end === undefined) return false;
  return toInstant(start, timeZone) > toInstant(end, timeZone);
}

/**
 * Date-range picker, end side (spec 5: "end date cannot be earlier than one day before the
 * start date").
 *
 * @example isEndDateDisabled('2026-11-20', '2026-11-22') // true
 * @example isEndDateDisabled('2026-11-21', '2026-11-22') // false
 */
export function isEndDateDisabled(end: DateInput, start: DateInput | null | undefined, timeZone?: string | null): boolean {
  if (start === null || start === undefined) return false;
  return toInstant(end, timeZone) < toInstant(start, timeZone) - MS_PER_DAY;
}

/** The error key of a date range whose start is after its end. */
export const DATE_RANGE_ERROR = 'dateRange.startAfterEnd';

/**
 * A whole range (spec 5): null when valid or incomplete, else {@link DATE_RANGE_ERROR}.
 *
 * @example validateDateRange({ start: '2026-11-22', end: '2026-11-21' }) // 'dateRange.startAfterEnd'
 */
export function validateDateRange(range: { start?: DateInput | null; end?: DateInput | null }, timeZone?: string | null): string | null {
  const { start, end } = range;
  if (start === null || start === undefined || start === '') return null;
  if (end === null || end === undefined || end === '') return null;
  return toInstant(start, timeZone) > toInstant(end, timeZone) ? DATE_RANGE_ERROR : null;
}

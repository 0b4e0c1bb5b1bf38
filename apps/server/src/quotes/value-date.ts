import type { DealType } from '@corridor/domain';

const BUSINESS_DAYS: Record<Exclude<DealType, 'FWD'>, number> = { CASH: 0, TOM: 1, SPOT: 2 };

/**
 * The value date of a deal made on `now` (UTC calendar): CASH today, TOM the next business day, SPOT
 * two business days on, weekends skipped. A forward deal settles on the date it asks for.
 */
export function valueDateFor(dealType: DealType, now: Date, requested: string | undefined): string | null {
  if (dealType === 'FWD') return requested ?? null;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let left = BUSINESS_DAYS[dealType];
  // A deal made on a weekend settles from the next business day.
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

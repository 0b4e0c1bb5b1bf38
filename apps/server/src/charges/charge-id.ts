import { sql, type SQL } from 'drizzle-orm';

/*
 * The one scheme of charge ids, shared by the charges reads and the settlements that take charges.
 * A charge is a line of a jsonb array on its row (a transfer's merchant or correspondent charges, a payment's
 * lines), read in place: its id is `<row id>-<tag><position>`, the position counted from 1 in the array, so it
 * never changes and needs no table of its own. The settlement that took a charge holds the settlement item
 * `CHARGE:<charge id>`.
 */

/** Which array the line is in: `M`/`C` a transfer's merchant/correspondent charges, `PM`/`PC` a payment's. */
export type ChargeTag = 'M' | 'C' | 'PM' | 'PC';

/** A charge's id from its row id, its array's tag and its position (1 for the first line). */
export const chargeIdOf = (rowId: string, tag: ChargeTag, position: number): string => `${rowId}-${tag}${position}`;

/** The row a charge id names (the id less its `-<tag><position>` end), or null for an id of no charge's shape. */
export function chargeRowIdOf(chargeId: string): string | null {
  const end = /-(?:M|C|PM|PC)[1-9]\d*$/.exec(chargeId);
  return end === null || end.index === 0 ? null : chargeId.slice(0, end.index);
}

/** The same id in SQL, from the row id and the line's position (`with ordinality`). */
export const chargeIdSql = (rowId: SQL, tag: ChargeTag, position: SQL): SQL => sql`(${rowId} || ${`-${tag}`} || (${position})::text)`;

const ITEM_PREFIX = 'CHARGE:';

/** The settlement item of a charge: its primary key lets a charge be settled at most once. */
export const chargeItemKey = (chargeId: string): string => `${ITEM_PREFIX}${chargeId}`;

/** The same key in SQL, from a charge id expression. */
export const chargeItemKeySql = (chargeId: SQL): SQL => sql`(${ITEM_PREFIX} || ${chargeId})`;

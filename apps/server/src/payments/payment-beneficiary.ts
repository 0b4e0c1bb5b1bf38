import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database.ts';

/**
 * Whether a beneficiary is the merchant's own. The beneficiaries table belongs to the beneficiary
 * book; until it exists no beneficiaryId can be the caller's, so a payment naming one is refused (404).
 */
export async function ownsBeneficiary(db: Db, merchantId: string, beneficiaryId: string): Promise<boolean> {
  const [table] = rowsOf<{ present: string | null }>(await db.execute(sql`select to_regclass('public.beneficiaries')::text as present`));
  if (!table?.present) return false;
  const found = rowsOf(await db.execute(sql`select 1 from beneficiaries where id = ${beneficiaryId} and merchant_id = ${merchantId}`));
  return found.length > 0;
}

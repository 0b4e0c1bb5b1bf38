import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { foreignId } from '../tenant/foreign-id.ts';

/** A TSP an internal call names; 404 naming `serviceProviderId` when there is none. */
export async function ownServiceProvider(db: Db, id: string, field = 'serviceProviderId'): Promise<string> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.type, 'SERVICE_PROVIDER')));
  if (!row) throw foreignId(field, 'service provider', id);
  return row.id;
}

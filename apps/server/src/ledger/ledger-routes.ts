import { eq } from 'drizzle-orm';
import { vouchers } from '../db/schema.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { accountingEntryPage, entityEntries } from './accounting-entries.ts';
import { miscPayment } from './settlement-service.ts';

/** Accounting entries of the TSP and the miscellaneous payment, the simplest call that moves money. */
export function registerLedgerRoutes(r: CallRegistrar): void {
  r.serve('accounting.entries', async ({ tenant, db, query }) => accountingEntryPage(db, eq(vouchers.tspId, tenant.serviceProviderId), query));
  r.serve('accounting.entry', async ({ tenant, db, params }) => entityEntries(db, eq(vouchers.tspId, tenant.serviceProviderId), params.entityId));

  r.serve('settlements.miscPayment', async ({ caller, tenant, db, body, now }) => miscPayment(db, tenant, body, caller.userId, now));
}

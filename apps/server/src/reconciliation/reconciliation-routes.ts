import type { CallRegistrar } from '../http/registrar.ts';
import { approveResolution, reconciliationDays, reconciliationExceptions, rejectResolution, resolveException } from './reconciliation-service.ts';

/** Reconciliation of the TSP's incentive settlements: days, exceptions, and their two-person resolution. */
export function registerReconciliationRoutes(r: CallRegistrar): void {
  r.serve('reconciliation.days', async ({ tenant, db, query, now }) => reconciliationDays(db, tenant, query, now));
  r.serve('reconciliation.exceptions', async ({ tenant, db, query, now }) => reconciliationExceptions(db, tenant, query, now));
  r.serve('reconciliation.resolve', async ({ caller, tenant, db, params, body, now }) => resolveException(db, tenant, params.exceptionId, body, caller, now));
  r.serve('reconciliation.approve', async ({ caller, tenant, db, params, now }) => approveResolution(db, tenant, params.exceptionId, caller, now));
  r.serve('reconciliation.reject', async ({ caller, tenant, db, params, now }) => rejectResolution(db, tenant, params.exceptionId, caller, now));
}

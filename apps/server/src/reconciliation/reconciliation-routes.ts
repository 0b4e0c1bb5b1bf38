import type { CallRegistrar } from '../http/registrar.ts';
import { approveResolution, reconciliationDays, reconciliationExceptions, rejectResolution, resolveException } from './reconciliation-service.ts';

/** Reconciliation of the TSP's incentive settlements: days, exceptions, and their two-person resolution. */
export function registerReconciliationRoutes(r: CallRegistrar): void {
  r.serve('reconciliation.days', async ({ tenant, db, query, services }) => reconciliationDays(db, tenant, query, services.config.now()));
  r.serve('reconciliation.exceptions', async ({ tenant, db, query, services }) => reconciliationExceptions(db, tenant, query, services.config.now()));
  r.serve('reconciliation.resolve', async ({ caller, tenant, db, params, body, services }) =>
    resolveException(db, tenant, params.exceptionId, body, caller, services.config.now()),
  );
  r.serve('reconciliation.approve', async ({ caller, tenant, db, params, services }) =>
    approveResolution(db, tenant, params.exceptionId, caller, services.config.now()),
  );
  r.serve('reconciliation.reject', async ({ caller, tenant, db, params, services }) =>
    rejectResolution(db, tenant, params.exceptionId, caller, services.config.now()),
  );
}

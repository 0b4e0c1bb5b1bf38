import type { CallRegistrar } from '../http/registrar.ts';
import { dealPositionSummary, listDealPositions, walletDealPositions } from './deal-position-service.ts';

/** Deal positions derived from transfers: a TSP reads those of the wallets it runs, operations every TSP's totals. */
export function registerDealPositionRoutes(r: CallRegistrar): void {
  r.serve('dealPositions.list', async ({ tenant, db, query, now }) => listDealPositions(db, tenant.scope, query, now));
  r.serve('dealPositions.byWallet', async ({ tenant, db, params, query, now }) => walletDealPositions(db, tenant.scope, params.walletId, query, now));
  r.serve('dealPositions.summary', async ({ tenant, db, query, now }) => dealPositionSummary(db, tenant.scope, query, now));
  r.serve('internalTransactions.dealPositionSummary', async ({ db, query, now }) => dealPositionSummary(db, undefined, query, now));
}

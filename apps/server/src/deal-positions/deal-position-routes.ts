import type { CallRegistrar } from '../http/registrar.ts';
import { dealPositionSummary, listDealPositions, walletDealPositions } from './deal-position-service.ts';

/** Deal positions derived from transfers: a TSP reads those of the wallets it runs, operations every TSP's totals. */
export function registerDealPositionRoutes(r: CallRegistrar): void {
  r.serve('dealPositions.list', async ({ tenant, db, query, services }) => listDealPositions(db, tenant.scope, query, services.config.now()));
  r.serve('dealPositions.byWallet', async ({ tenant, db, params, query, services }) =>
    walletDealPositions(db, tenant.scope, params.walletId, query, services.config.now()),
  );
  r.serve('dealPositions.summary', async ({ tenant, db, query, services }) => dealPositionSummary(db, tenant.scope, query, services.config.now()));
  r.serve('internalTransactions.dealPositionSummary', async ({ db, query, services }) => dealPositionSummary(db, undefined, query, services.config.now()));
}

import type { CallRegistrar } from '../http/registrar.ts';
import { cancelledWhenGone } from './cancel-on-close.ts';
import { statementPage, statementSummary } from './statement-service.ts';

/** Wallet and transaction statements read from the ledger's voucher lines (their exports: exports/statement-export-routes.ts). */
export function registerReportRoutes(r: CallRegistrar): void {
  for (const id of ['reports.merchantWalletStatement', 'reports.merchantWalletStatementReport'] as const) {
    r.serve(id, async ({ tenant, db, query, request }) => cancelledWhenGone(db, request, (q) => statementPage(q, tenant.scope, query)));
  }
  for (const id of ['reports.merchantWalletStatementSummary', 'reports.merchantWalletStatementReportSummary'] as const) {
    r.serve(id, async ({ tenant, db, query, request }) => cancelledWhenGone(db, request, (q) => statementSummary(q, tenant.scope, query)));
  }
  r.serve('reports.spWalletStatement', async ({ tenant, db, query, request }) => cancelledWhenGone(db, request, (q) => statementPage(q, tenant.scope, query)));
  r.serve('reports.spWalletStatementReport', async ({ tenant, db, query, request }) =>
    cancelledWhenGone(db, request, (q) => statementPage(q, tenant.scope, query)),
  );
  r.serve('reports.spWalletStatementSummary', async ({ tenant, db, query, request }) =>
    cancelledWhenGone(db, request, (q) => statementSummary(q, tenant.scope, query)),
  );
  r.serve('reports.spWalletStatementReportSummary', async ({ tenant, db, query, request }) =>
    cancelledWhenGone(db, request, (q) => statementSummary(q, tenant.scope, query)),
  );
}

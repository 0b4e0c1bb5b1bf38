import type { CallRegistrar } from '../http/registrar.ts';
import { cancelledWhenGone } from './cancel-on-close.ts';
import { statementPage, statementSummary } from './statement.ts';
import { exportForMerchant, exportForTsp, exportStatement } from './statement-export.ts';

/** Wallet and transaction statements read from the ledger's voucher lines, and their CSV exports. */
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

  for (const id of ['reports.merchantWalletStatementExport', 'reports.merchantWalletStatementExportFile'] as const) {
    r.serve(id, async ({ caller, tenant, db, body, services }) =>
      exportStatement(db, tenant.scope, body, 'wallet', { orgId: caller.org, userId: caller.userId }, services.config.now()),
    );
  }
  r.serve('reports.merchantTransactionStatementExport', async ({ caller, tenant, db, body, services }) =>
    exportStatement(db, tenant.scope, body, 'transaction', { orgId: caller.org, userId: caller.userId }, services.config.now()),
  );
  for (const id of ['reports.spWalletStatementExportFile', 'reports.spWalletStatementReportExport'] as const) {
    r.serve(id, async ({ caller, tenant, db, body, services }) =>
      exportStatement(db, tenant.scope, body, 'wallet', { orgId: caller.org, userId: caller.userId }, services.config.now()),
    );
  }
  r.serve('reports.spTransactionStatementExport', async ({ caller, tenant, db, body, services }) =>
    exportStatement(db, tenant.scope, body, 'transaction', { orgId: caller.org, userId: caller.userId }, services.config.now()),
  );
  // Operations export for one TSP or merchant; the file belongs to that organisation too.
  r.serve('reports.internalTspTransactionStatementExport', async ({ caller, db, body, services }) =>
    exportForTsp(db, body, caller.userId, services.config.now()),
  );
  r.serve('reports.internalMerchantTransactionStatementExport', async ({ caller, db, body, services }) =>
    exportForMerchant(db, body, caller.userId, services.config.now()),
  );
}

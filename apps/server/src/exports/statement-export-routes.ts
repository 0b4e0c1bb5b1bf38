import type { z } from 'zod';
import type { statementExport } from '@corridor/api';
import type { CallRegistrar } from '../http/registrar.ts';
import { ownMerchant, ownServiceProvider } from '../organisations/organisation-service.ts';
import { scopes } from '../tenant/wallet-scope.ts';
import { exportNowOrQueue } from './export-jobs.ts';
import type { ExportSpec } from './export-render.ts';

type ExportBody = z.output<typeof statementExport>;

/** The export of a statement call's body: the statement's filters over the range, in the format asked. */
function specOf(body: ExportBody, kind: ExportSpec['kind']): ExportSpec {
  return {
    kind,
    format: body.format,
    reportName: body.reportName,
    filters: {
      walletIds: body.walletIds,
      merchantIds: body.merchantIds,
      tspIds: body.tspIds,
      transactionIds: body.transactionIds,
      categories: body.categories,
      actions: body.actions,
      currencies: body.currencies,
      mode: body.mode,
      fromDate: body.fromDate,
      toDate: body.toDate,
    },
  };
}

/** The exports of the wallet and transaction statements (ledger/report-routes.ts), in every format: at once or as a job. */
export function registerStatementExportRoutes(r: CallRegistrar): void {
  // The merchant's and the TSP's own statement exports differ only by the statement they export: the caller's
  // scope narrows the wallets either way.
  const own = [
    ['reports.merchantWalletStatementExport', 'wallet'],
    ['reports.merchantWalletStatementExportFile', 'wallet'],
    ['reports.merchantTransactionStatementExport', 'transaction'],
    ['reports.spWalletStatementExportFile', 'wallet'],
    ['reports.spWalletStatementReportExport', 'wallet'],
    ['reports.spTransactionStatementExport', 'transaction'],
  ] as const;
  for (const [id, kind] of own) {
    r.serve(id, async (ctx) =>
      exportNowOrQueue(ctx.db, ctx.services.files, ctx.tenant.scope, specOf(ctx.body, kind), { orgId: ctx.caller.org, userId: ctx.caller.userId }, ctx.now),
    );
  }
  // Operations export for one TSP or merchant, which must exist; the file belongs to that organisation.
  r.serve('reports.internalTspTransactionStatementExport', async ({ caller, db, body, services, now }) => {
    const tsp = await ownServiceProvider(db, null, body.tspId, 'tspId');
    return exportNowOrQueue(db, services.files, scopes.spAll(tsp.id), specOf(body, 'transaction'), { orgId: tsp.id, userId: caller.userId }, now);
  });
  r.serve('reports.internalMerchantTransactionStatementExport', async ({ caller, db, body, services, now }) => {
    const merchant = await ownMerchant(db, null, body.merchantId, 'merchantId');
    return exportNowOrQueue(db, services.files, scopes.merchant(merchant.id), specOf(body, 'transaction'), { orgId: merchant.id, userId: caller.userId }, now);
  });
}

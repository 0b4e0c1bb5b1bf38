import { RECORD_KINDS, type RecordKind } from '../db/schema.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { recordPage, refreshRecords } from './records.ts';
import { tspCode } from './tsp-account-service.ts';

/** Names of the record views as the refresh answers them (the refresh sub-paths). */
const RECORD_NAMES: Record<RecordKind, string> = {
  WALLET_POSITION: 'wallet-position',
  WALLET_REVENUE: 'wallet-revenue',
  WALLET_REVALUATION: 'wallet-revaluation',
  MERCHANT_TXN_CHARGES: 'merchant-txn-charges',
  DEAL_PROFIT: 'deal-profit',
  DEAL_POSITION: 'deal-position',
};

/** The TSP's record views (read) and their rebuild from the ledger (operations). */
export function registerRecordRoutes(r: CallRegistrar): void {
  const views = [
    ['accounting.walletRevenue', 'WALLET_REVENUE'],
    ['accounting.walletRevaluation', 'WALLET_REVALUATION'],
    ['accounting.walletPosition', 'WALLET_POSITION'],
    ['accounting.merchantCharges', 'MERCHANT_TXN_CHARGES'],
    ['accounting.dealProfit', 'DEAL_PROFIT'],
    ['accounting.dealPosition', 'DEAL_POSITION'],
  ] as const;
  for (const [id, kind] of views) {
    r.serve(id, async ({ caller, db, query }) => recordPage(db, caller.org, kind, query));
  }

  const refreshes = [
    ['internalServiceProvider.refreshWalletRevaluation', 'WALLET_REVALUATION'],
    ['internalServiceProvider.refreshWalletPosition', 'WALLET_POSITION'],
    ['internalServiceProvider.refreshMerchantTxnCharges', 'MERCHANT_TXN_CHARGES'],
    ['internalServiceProvider.refreshDealProfit', 'DEAL_PROFIT'],
    ['internalServiceProvider.refreshDealPosition', 'DEAL_POSITION'],
  ] as const;
  for (const [id, kind] of refreshes) {
    r.serve(id, async ({ db, query, body, now }) => {
      await tspCode(db, query.tspId);
      const refreshed = await refreshRecords(db, query.tspId, kind, body ?? {}, now);
      return { record: RECORD_NAMES[kind], tspId: query.tspId, refreshed, refreshedAt: now.toISOString() };
    });
  }
  r.serve('internalServiceProvider.refreshRecords', async ({ db, query, body, now }) => {
    await tspCode(db, query.tspId);
    const results = [];
    for (const kind of RECORD_KINDS) {
      const refreshed = await refreshRecords(db, query.tspId, kind, body ?? {}, now);
      results.push({ record: RECORD_NAMES[kind], tspId: query.tspId, refreshed, refreshedAt: now.toISOString() });
    }
    return results;
  });
}

import type { CallRegistrar } from '../http/registrar.ts';
import { createLinkedTransaction, resetWalletBalance } from './adjustment-service.ts';
import { creditNetOffPreview, netOff, netOffCandidates } from './net-off-service.ts';
import { settleIncentives, updateIncentives } from './settlement-service.ts';

/** FX premium and rebate settlements, net-offs, wallet balance resets and linked transactions. */
export function registerSettlementRoutes(r: CallRegistrar): void {
  r.serve('settlements.settleFx', async ({ caller, tenant, db, body, now }) => settleIncentives(db, tenant, 'FX_PREMIUM', body, caller.userId, now));
  r.serve('settlements.updateFx', async ({ caller, tenant, db, body, now }) => updateIncentives(db, tenant, 'FX_PREMIUM', body, caller.userId, now));
  r.serve('settlements.settleRebate', async ({ caller, tenant, db, body, now }) => settleIncentives(db, tenant, 'REBATE', body, caller.userId, now));
  r.serve('settlements.updateRebate', async ({ caller, tenant, db, body, now }) => updateIncentives(db, tenant, 'REBATE', body, caller.userId, now));
  r.serve('settlements.netOff', async ({ caller, tenant, db, body, now }) => netOff(db, tenant, body, caller.userId, now));
  r.serve('spTransactions.netoff', async ({ caller, tenant, db, body, now }) => netOff(db, tenant, body, caller.userId, now));
  r.serve('settlements.netOffCandidates', async ({ tenant, db, query }) => netOffCandidates(db, tenant, query));
  r.serve('settlements.creditNetOffPreview', async ({ tenant, db, query }) => creditNetOffPreview(db, tenant, query.walletId));
  r.serve('spTransactions.resetWalletBalance', async ({ caller, tenant, db, body, now }) => resetWalletBalance(db, tenant, body, caller.userId, now));
  r.serve('internalTransactions.linked', async ({ caller, db, body, now }) => createLinkedTransaction(db, caller.userId, body, now));
}

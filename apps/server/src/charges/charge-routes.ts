import type { CallRegistrar } from '../http/registrar.ts';
import { checkServiceProvider, getCharge, listCharges, summariseCharges, type ChargeScope } from './charge-service.ts';
import { getDealProfit, listDealProfits, summariseDealProfits } from '../transactions/deal-profit-service.ts';

const merchantOf = (merchantId: string): ChargeScope => ({ kind: 'merchant', merchantId });
const spMerchants = (serviceProviderId: string): ChargeScope => ({ kind: 'merchant', serviceProviderId });
const correspondentOf = (serviceProviderId: string): ChargeScope => ({ kind: 'correspondent', serviceProviderId });

/** Charges and deal profit of completed transfers, read from the transactions themselves (one line in app.ts). */
export function registerChargeRoutes(r: CallRegistrar): void {
  r.serve('charges.merchant', async ({ tenant, db, query }) => listCharges(db, merchantOf(tenant.merchantId), query));
  r.serve('charges.merchantOne', async ({ tenant, db, params }) => getCharge(db, merchantOf(tenant.merchantId), params.id));
  r.serve('charges.merchantSummary', async ({ tenant, db, query }) => summariseCharges(db, merchantOf(tenant.merchantId), query));
  r.serve('charges.spMerchant', async ({ tenant, db, query }) => listCharges(db, spMerchants(tenant.serviceProviderId), query));
  r.serve('charges.spMerchantSummary', async ({ tenant, db, query }) => summariseCharges(db, spMerchants(tenant.serviceProviderId), query));
  r.serve('charges.correspondent', async ({ tenant, db, query }) => listCharges(db, correspondentOf(tenant.serviceProviderId), query));
  r.serve('charges.correspondentOne', async ({ tenant, db, params }) => getCharge(db, correspondentOf(tenant.serviceProviderId), params.id));
  r.serve('charges.correspondentSummary', async ({ tenant, db, query }) => summariseCharges(db, correspondentOf(tenant.serviceProviderId), query));

  r.serve('dealProfits.list', async ({ tenant, db, query }) => listDealProfits(db, tenant.serviceProviderId, query));
  r.serve('dealProfits.get', async ({ tenant, db, params }) => getDealProfit(db, tenant.serviceProviderId, params.transactionId));
  r.serve('dealProfits.summary', async ({ tenant, db, query }) => summariseDealProfits(db, tenant.serviceProviderId, query, 'currency'));
  r.serve('dealProfits.summaryByDealType', async ({ tenant, db, query }) => summariseDealProfits(db, tenant.serviceProviderId, query, 'dealType'));

  r.serve('internalTransactions.merchantChargesSummary', async ({ db, query }) => {
    const { serviceProviderId, ...filters } = query;
    await checkServiceProvider(db, serviceProviderId);
    return summariseCharges(db, { kind: 'merchant', serviceProviderId }, filters);
  });
  r.serve('internalTransactions.dealProfitSummary', async ({ db, query }) => {
    const { serviceProviderId, ...filters } = query;
    await checkServiceProvider(db, serviceProviderId);
    return summariseDealProfits(db, serviceProviderId, filters, 'currency');
  });
}

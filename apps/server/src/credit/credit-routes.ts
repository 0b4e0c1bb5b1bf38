import { eq } from 'drizzle-orm';
import { creditLimits, creditRequests } from '../db/schema.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import {
  createLimitFor,
  createLimitForTsp,
  creditLimitIn,
  creditRequestDto,
  creditRequestIn,
  decideCreditRequest,
  limitDto,
  listCreditLimits,
  listCreditRequests,
  requestCreditAsMerchant,
  requestCreditAsTsp,
  tspWalletLimitSummary,
  updateLimitOf,
} from './credit-service.ts';

/** Credit requests on both sides and the credit limits a TSP grants. */
export function registerCreditRoutes(r: CallRegistrar): void {
  const merchantScope = (merchantId: string) => eq(creditRequests.merchantId, merchantId);
  r.serve('credit.merchantRequests', async ({ tenant, db, query }) => listCreditRequests(db, merchantScope(tenant.merchantId), query));
  r.serve('credit.merchantCreateRequest', async ({ caller, tenant, db, body, now }) => requestCreditAsMerchant(db, tenant, body, caller.userId, now));
  r.serve('credit.merchantRequest', async ({ tenant, db, params }) => creditRequestDto(await creditRequestIn(db, params.id, merchantScope(tenant.merchantId))));

  const spScope = (tspId: string) => eq(creditRequests.tspId, tspId);
  r.serve('credit.spRequests', async ({ tenant, db, query }) => listCreditRequests(db, spScope(tenant.serviceProviderId), query));
  r.serve('credit.spRequest', async ({ tenant, db, params }) => creditRequestDto(await creditRequestIn(db, params.id, spScope(tenant.serviceProviderId))));
  r.serve('credit.spCreateRequest', async ({ caller, tenant, db, body, now }) => requestCreditAsTsp(db, tenant, body, false, caller.userId, now));
  r.serve('credit.spCreateLinkedRequest', async ({ caller, tenant, db, body, now }) => requestCreditAsTsp(db, tenant, body, true, caller.userId, now));
  r.serve('credit.spApproveRequest', async ({ caller, tenant, db, params, body, now }) => {
    const row = await creditRequestIn(db, params.id, spScope(tenant.serviceProviderId));
    return creditRequestDto(await decideCreditRequest(db, row, body, caller.userId, now));
  });

  const limitScope = (tspId: string) => eq(creditLimits.tspId, tspId);
  r.serve('credit.limits', async ({ tenant, db, query }) => listCreditLimits(db, limitScope(tenant.serviceProviderId), query));
  r.serve('credit.createLimit', async ({ caller, tenant, db, body, now }) => createLimitFor(db, tenant.serviceProviderId, body, caller.userId, now));
  r.serve('credit.limit', async ({ tenant, db, params }) => limitDto(db, await creditLimitIn(db, params.id, limitScope(tenant.serviceProviderId))));
  r.serve('credit.updateLimit', async ({ caller, tenant, db, params, body, now }) => updateLimitOf(db, tenant, params.id, body, caller.userId, now));
  r.serve('credit.internalCreateLimit', async ({ caller, db, query, body, now }) => createLimitForTsp(db, query.tspId, body, caller.userId, now));
  r.serve('credit.internalTspWalletLimitSummary', async ({ db, params }) => tspWalletLimitSummary(db, params.tspWalletId));
}

import type { CallRegistrar } from '../http/registrar.ts';
import type { Tenant } from '../tenant/tenant.ts';
import { amountFromQuery, feesForTransaction, merchantFeesForTransaction, merchantProfileOf } from './fee-for-transaction.ts';
import {
  createFeeProfile,
  createFeeRule,
  deleteFeeProfile,
  deleteFeeRule,
  feeProfileWithFees,
  feeRuleIn,
  listFeeProfiles,
  listFeeRules,
  updateFeeProfile,
  requireTsp,
  updateFeeRule,
  type FeeOwner,
} from './fee-service.ts';
import { feeRuleDto } from './fee-dto.ts';

/** `/v1/pricing/...` is for TSPs (their own records) and operations (every TSP's). */
const ownerOf = (tenant: Tenant | null): FeeOwner => ({
  serviceProviderId: tenant?.kind === 'serviceProvider' ? tenant.serviceProviderId : null,
});

/** Fee rules, fee profiles and the fees a transaction would pay. */
export function registerFeeRoutes(r: CallRegistrar): void {
  // The TSP's fees for its merchants.
  r.serve('pricing.fees', async ({ tenant, db, query }) => listFeeRules(db, ownerOf(tenant), 'MERCHANT', query));
  r.serve('pricing.createFee', async ({ caller, tenant, db, body, now }) => createFeeRule(db, ownerOf(tenant), 'MERCHANT', body, caller.userId, now));
  r.serve('pricing.fee', async ({ tenant, db, params }) => feeRuleDto(await feeRuleIn(db, ownerOf(tenant), 'MERCHANT', params.id)));
  r.serve('pricing.updateFee', async ({ tenant, db, params, body, now }) => updateFeeRule(db, ownerOf(tenant), 'MERCHANT', params.id, body, now));
  r.serve('pricing.deleteFee', async ({ tenant, db, params }) => {
    await deleteFeeRule(db, ownerOf(tenant), 'MERCHANT', params.id);
    return undefined;
  });
  r.serve('pricing.feeForTransaction', async ({ tenant, db, query, now }) => {
    const profileId = query.merchantId ? await merchantProfileOf(db, tenant.serviceProviderId, query.merchantId, 'merchantId') : null;
    return feesForTransaction(db, {
      serviceProviderId: tenant.serviceProviderId,
      kind: 'MERCHANT',
      profileId,
      facts: query,
      sourceAmount: amountFromQuery(query.sourceAmount, 'sourceAmount'),
      targetAmount: amountFromQuery(query.targetAmount, 'targetAmount'),
      now: now,
    });
  });
  r.serve('pricing.merchantFeeForTransaction', async ({ tenant, db, query, now }) => merchantFeesForTransaction(db, tenant.merchantId, query, now));

  // Correspondent fees.
  r.serve('pricing.correspondentFees', async ({ tenant, db, query }) => listFeeRules(db, ownerOf(tenant), 'CORRESPONDENT', query));
  r.serve('pricing.createCorrespondentFee', async ({ caller, tenant, db, body, now }) =>
    createFeeRule(db, ownerOf(tenant), 'CORRESPONDENT', body, caller.userId, now),
  );
  r.serve('pricing.correspondentFee', async ({ tenant, db, params }) => feeRuleDto(await feeRuleIn(db, ownerOf(tenant), 'CORRESPONDENT', params.id)));
  r.serve('pricing.updateCorrespondentFee', async ({ tenant, db, params, body, now }) =>
    updateFeeRule(db, ownerOf(tenant), 'CORRESPONDENT', params.id, body, now),
  );
  r.serve('pricing.deleteCorrespondentFee', async ({ tenant, db, params }) => {
    await deleteFeeRule(db, ownerOf(tenant), 'CORRESPONDENT', params.id);
    return undefined;
  });
  r.serve('pricing.correspondentFeeForTransaction', async ({ tenant, db, query, now }) =>
    feesForTransaction(db, {
      serviceProviderId: requireTsp(ownerOf(tenant)),
      kind: 'CORRESPONDENT',
      profileId: null,
      facts: query,
      sourceAmount: amountFromQuery(query.sourceAmount, 'sourceAmount'),
      targetAmount: amountFromQuery(query.targetAmount, 'targetAmount'),
      now: now,
    }),
  );

  // Internal counterparts (operations, any TSP).
  r.serve('pricing.internalMerchantFeeForTransaction', async ({ db, query, body, now }) =>
    feesForTransaction(db, {
      serviceProviderId: query.serviceProviderId,
      kind: 'MERCHANT',
      profileId: body.merchantId ? await merchantProfileOf(db, query.serviceProviderId, body.merchantId, 'merchantId') : null,
      facts: body,
      sourceAmount: body.sourceAmount,
      targetAmount: body.targetAmount,
      now: now,
    }),
  );
  r.serve('pricing.internalCorrespondentFeeForTransaction', async ({ db, query, body, now }) =>
    feesForTransaction(db, {
      serviceProviderId: query.serviceProviderId,
      kind: 'CORRESPONDENT',
      profileId: null,
      facts: body,
      sourceAmount: body.sourceAmount,
      targetAmount: body.targetAmount,
      now: now,
    }),
  );
  r.serve('pricing.internalFee', async ({ db, params }) => feeRuleDto(await feeRuleIn(db, { serviceProviderId: null }, null, params.id)));

  // Fee profiles (pricing models).
  r.serve('pricing.feeProfiles', async ({ tenant, db, query }) => listFeeProfiles(db, ownerOf(tenant), query));
  r.serve('pricing.createFeeProfile', async ({ caller, tenant, db, body, now }) => createFeeProfile(db, ownerOf(tenant), body, caller.userId, now));
  r.serve('pricing.feeProfile', async ({ tenant, db, params }) => feeProfileWithFees(db, ownerOf(tenant), params.id));
  r.serve('pricing.updateFeeProfile', async ({ tenant, db, params, body, now }) => updateFeeProfile(db, ownerOf(tenant), params.id, body, now));
  r.serve('pricing.deleteFeeProfile', async ({ tenant, db, params }) => {
    await deleteFeeProfile(db, ownerOf(tenant), params.id);
    return undefined;
  });
}

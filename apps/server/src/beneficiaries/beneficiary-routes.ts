import type { CallRegistrar } from '../http/registrar.ts';
import { createBeneficiary, getBeneficiary, listBeneficiaries } from './beneficiary-service.ts';

/** A merchant's beneficiaries, and a TSP's read of its merchants' ones; the rules live in beneficiary-service. */
export function registerBeneficiaryRoutes(r: CallRegistrar): void {
  r.serve('beneficiaries.list', async ({ tenant, db, query }) => listBeneficiaries(db, { merchantId: tenant.merchantId }, query));
  r.serve('beneficiaries.create', async ({ caller, tenant, db, body, now }) => createBeneficiary(db, tenant.merchantId, body, caller.userId, now));
  r.serve('beneficiaries.get', async ({ tenant, db, params }) => getBeneficiary(db, { merchantId: tenant.merchantId }, params.id));
  r.serve('beneficiaries.spList', async ({ tenant, db, query }) => {
    const { merchantServiceId, ...filter } = query;
    return listBeneficiaries(db, { serviceProviderId: tenant.serviceProviderId, merchantId: merchantServiceId }, filter);
  });
  r.serve('beneficiaries.spGet', async ({ tenant, db, params }) => getBeneficiary(db, { serviceProviderId: tenant.serviceProviderId }, params.id));
}

import type { CallRegistrar } from '../http/registrar.ts';
import { createPartner, onboardMerchant, onboardTsp, partnerById, partnerSummary, searchPartners, updatePartner } from './partner-service.ts';

/** A TSP's partner onboarding records (its own only); operations onboard organisations through the internal calls. */
export function registerPartnerRoutes(r: CallRegistrar): void {
  r.serve('partners.search', async ({ tenant, db, query }) => searchPartners(db, tenant.serviceProviderId, query));
  r.serve('partners.summary', async ({ tenant, db, query }) => partnerSummary(db, tenant.serviceProviderId, query));
  r.serve('partners.get', async ({ tenant, caller, db, params }) => partnerById(db, tenant.serviceProviderId, params.id, caller.userId));
  r.serve('partners.create', async ({ tenant, caller, db, body, now }) => createPartner(db, tenant.serviceProviderId, body, caller.userId, now));
  r.serve('partners.update', async ({ tenant, caller, db, params, body, now }) =>
    updatePartner(db, tenant.serviceProviderId, params.id, body, caller.userId, now),
  );
  r.serve('partners.onboardTsp', async ({ caller, db, body, now }) => onboardTsp(db, body, caller.userId, now));
  r.serve('partners.onboardMerchant', async ({ caller, db, body, now }) => onboardMerchant(db, body, caller.userId, now));
}

import type { CallRegistrar } from '../http/registrar.ts';
import { createPartner, onboardMerchant, onboardTsp, partnerById, partnerSummary, searchPartners, updatePartner } from './partner-service.ts';

/** A TSP's partner onboarding records (its own only); operations onboard organisations through the internal calls. */
export function registerPartnerRoutes(r: CallRegistrar): void {
  r.serve('partners.search', async ({ tenant, db, query }) => searchPartners(db, tenant.serviceProviderId, query));
  r.serve('partners.summary', async ({ tenant, db, query }) => partnerSummary(db, tenant.serviceProviderId, query));
  r.serve('partners.get', async ({ tenant, caller, db, params }) => partnerById(db, tenant.serviceProviderId, params.id, caller.userId));
  r.serve('partners.create', async ({ tenant, caller, db, body, services }) =>
    createPartner(db, tenant.serviceProviderId, body, caller.userId, services.config.now()),
  );
  r.serve('partners.update', async ({ tenant, caller, db, params, body, services }) =>
    updatePartner(db, tenant.serviceProviderId, params.id, body, caller.userId, services.config.now()),
  );
  r.serve('partners.onboardTsp', async ({ caller, db, body, services }) => onboardTsp(db, body, caller.userId, services.config.now()));
  r.serve('partners.onboardMerchant', async ({ caller, db, body, services }) => onboardMerchant(db, body, caller.userId, services.config.now()));
}

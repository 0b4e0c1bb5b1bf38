import type { CallRegistrar } from '../http/registrar.ts';
import {
  listMerchants,
  listServiceProviders,
  merchantById,
  ownMerchantById,
  ownServiceProviderById,
  serviceProviderById,
  serviceProviderForMerchant,
  serviceProvidersForMerchant,
} from './organisation-service.ts';

export function registerOrganisationRoutes(r: CallRegistrar): void {
  r.serve('serviceProviders.internalList', async ({ db, query }) => listServiceProviders(db, query));
  r.serve('serviceProviders.internalById', async ({ db, params }) => serviceProviderById(db, params.id));
  r.serve('serviceProviders.byId', async ({ tenant, db, params }) => ownServiceProviderById(db, tenant.serviceProviderId, params.id));
  r.serve('serviceProviders.forMerchantList', async ({ tenant, db, query }) => serviceProvidersForMerchant(db, tenant.merchantId, query));
  r.serve('serviceProviders.forMerchantById', async ({ tenant, db, params }) => serviceProviderForMerchant(db, tenant.merchantId, params.serviceProviderId));
  r.serve('merchantServices.byId', async ({ tenant, db, params }) => ownMerchantById(db, tenant.merchantId, params.id));
  r.serve('merchantServices.internalById', async ({ db, params }) => merchantById(db, params.id));
  r.serve('merchantServices.internalList', async ({ db, query }) => listMerchants(db, query));
}

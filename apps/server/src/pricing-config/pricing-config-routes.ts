import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { readerTsp, writerTsp } from '../lib/config-tenant.ts';
import {
  createCurrencyConfig,
  createCurrencyDeal,
  currencyDealDto,
  deleteCurrencyConfig,
  deleteCurrencyDeal,
  listCurrencyConfigs,
  listCurrencyDeals,
  listInstruments,
  ownCurrencyDeal,
  setInstrumentIbr,
  setInstrumentStatus,
  updateCurrencyConfig,
  updateCurrencyDeal,
} from './currency-config-service.ts';
import {
  aggregateVolatileLayers,
  createAgentMarkup,
  createMarkupProfile,
  deleteLayer,
  deleteLayers,
  deleteMarkupProfile,
  deleteVolatileLayer,
  listAgentMarkups,
  listLayer,
  listMarkupProfiles,
  listVolatileLayers,
  markupProfileDto,
  ownMarkupProfile,
  updateLayer,
  updateMarkupProfile,
  upsertLayer,
  upsertLayer2Many,
  upsertVolatileLayer,
  volatileLayerOf,
} from './markup-service.ts';
import {
  createFundingParty,
  deleteFundingParty,
  exportGlobals,
  fundingPartyOf,
  listFundingParties,
  listGlobals,
  listMerchantConfigs,
  updateFundingParty,
  upsertGlobal,
  upsertMerchantConfig,
} from './settings-service.ts';
import { ownServiceProvider } from './service-provider.ts';

/**
 * The TSP's pricing configuration (/v1/config: a TSP user for its own TSP; operations read all),
 * its internal counterparts (operations, naming the TSP) and the merchant's own config entries.
 */
export function registerPricingConfigRoutes(r: CallRegistrar): void {
  // Currency pairs and deal configs.
  r.serve('currencyConfigs.list', async ({ tenant, db, query }) => listCurrencyConfigs(db, readerTsp(tenant), query));
  r.serve('currencyConfigs.create', async ({ tenant, caller, db, body, now }) => createCurrencyConfig(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('currencyConfigs.update', async ({ tenant, db, params, body, now }) => updateCurrencyConfig(db, writerTsp(tenant), params.id, body, now));
  r.serve('currencyConfigs.remove', async ({ tenant, db, params }) => done(deleteCurrencyConfig(db, writerTsp(tenant), params.id)));

  r.serve('currencyDeals.list', async ({ tenant, db, query }) => listCurrencyDeals(db, readerTsp(tenant), query));
  r.serve('currencyDeals.create', async ({ tenant, caller, db, body, now }) => createCurrencyDeal(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('currencyDeals.updateInstrumentStatus', async ({ tenant, db, body, now }) => setInstrumentStatus(db, writerTsp(tenant), body, now));
  r.serve('currencyDeals.get', async ({ tenant, db, params }) => currencyDealDto(await ownCurrencyDeal(db, readerTsp(tenant), params.id)));
  r.serve('currencyDeals.update', async ({ tenant, db, params, body, now }) => updateCurrencyDeal(db, writerTsp(tenant), params.id, body, now));
  r.serve('currencyDeals.remove', async ({ tenant, db, params }) => done(deleteCurrencyDeal(db, writerTsp(tenant), params.id)));
  r.serve('currencyDeals.updateIbr', async ({ tenant, db, body, now }) => setInstrumentIbr(db, writerTsp(tenant), body, now));
  r.serve('currencyDeals.instruments', async ({ tenant, db, query }) => listInstruments(db, readerTsp(tenant), query));
  r.serve('currencyDeals.internalList', async ({ db, query }) => {
    if (query.serviceProviderId) await ownServiceProvider(db, query.serviceProviderId);
    return listCurrencyDeals(db, null, query);
  });
  r.serve('currencyDeals.internalGet', async ({ db, params }) => currencyDealDto(await ownCurrencyDeal(db, null, params.id)));

  // Funding parties and global settings.
  r.serve('fundingParties.list', async ({ tenant, db, query }) => listFundingParties(db, readerTsp(tenant), query));
  r.serve('fundingParties.create', async ({ tenant, caller, db, body, now }) => createFundingParty(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('fundingParties.get', async ({ tenant, db, params }) => fundingPartyOf(db, readerTsp(tenant), params.id));
  r.serve('fundingParties.update', async ({ tenant, db, params, body, now }) => updateFundingParty(db, writerTsp(tenant), params.id, body, now));
  r.serve('fundingParties.remove', async ({ tenant, db, params }) => done(deleteFundingParty(db, writerTsp(tenant), params.id)));
  r.serve('fundingParties.internalGet', async ({ db, params }) => fundingPartyOf(db, null, params.id));

  r.serve('globals.list', async ({ tenant, db, query }) => listGlobals(db, readerTsp(tenant), query));
  r.serve('globals.upsert', async ({ tenant, caller, db, body, now }) => upsertGlobal(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('globals.internalExport', async ({ db, query, reply }) => {
    if (query.serviceProviderId) await ownServiceProvider(db, query.serviceProviderId);
    reply.type('application/json').header('content-disposition', 'attachment; filename="global-config.json"');
    return exportGlobals(db, query);
  });
  r.serve('globals.internalUpsert', async ({ caller, db, query, body, now }) =>
    upsertGlobal(db, await ownServiceProvider(db, query.serviceProviderId), body, caller.userId, now),
  );

  // Markup profiles and layers.
  r.serve('markups.profiles', async ({ tenant, db, query }) => listMarkupProfiles(db, readerTsp(tenant), query));
  r.serve('markups.createProfile', async ({ tenant, caller, db, body, now }) => createMarkupProfile(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('markups.profile', async ({ tenant, db, params }) => markupProfileDto(await ownMarkupProfile(db, readerTsp(tenant), params.id)));
  r.serve('markups.updateProfile', async ({ tenant, db, params, body, now }) => updateMarkupProfile(db, writerTsp(tenant), params.id, body, now));
  r.serve('markups.deleteProfile', async ({ tenant, db, params }) => done(deleteMarkupProfile(db, writerTsp(tenant), params.id)));

  r.serve('markups.agent', async ({ tenant, db, query }) => {
    const tsp = readerTsp(tenant);
    // A TSP naming another TSP's id sees nothing of it: 404 naming the field, as for any foreign id.
    if (tsp !== null && query.tspId !== undefined && query.tspId !== tsp)
      throw new AppError('NOT_FOUND', undefined, [{ parameter: 'tspId', message: 'no such TSP of yours' }]);
    return listAgentMarkups(db, tsp, query);
  });
  r.serve('markups.createAgent', async ({ tenant, caller, db, body, now }) => createAgentMarkup(db, writerTsp(tenant), body, caller.userId, now));

  for (const layer of [1, 2] as const) {
    const name = layer === 1 ? 'Layer1' : 'Layer2';
    r.serve(`markups.layer${layer}`, async ({ tenant, db, query }) => listLayer(db, layer, readerTsp(tenant), { markupProfileId: undefined, ...query }));
    r.serve(`markups.upsert${name}`, async ({ tenant, caller, db, body, now }) => upsertLayer(db, layer, writerTsp(tenant), body, caller.userId, now));
    r.serve(`markups.update${name}`, async ({ tenant, caller, db, params, body, now }) =>
      updateLayer(db, layer, writerTsp(tenant), params.id, body, caller.userId, now),
    );
    r.serve(`markups.delete${name}`, async ({ tenant, db, params }) => done(deleteLayer(db, layer, writerTsp(tenant), params.id)));
    r.serve(`markups.delete${name}Bulk`, async ({ tenant, db, body }) => deleteLayers(db, layer, writerTsp(tenant), body.ids));
  }
  r.serve('markups.upsertLayer2Multiple', async ({ tenant, caller, db, body, now }) => upsertLayer2Many(db, writerTsp(tenant), body, caller.userId, now));

  r.serve('markups.volatileLayers', async ({ tenant, db, query }) => listVolatileLayers(db, readerTsp(tenant), query));
  r.serve('markups.volatileLayersAggregated', async ({ tenant, db, query }) => aggregateVolatileLayers(db, readerTsp(tenant), query));
  r.serve('markups.upsertVolatileLayer', async ({ tenant, caller, db, body, now }) => upsertVolatileLayer(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('markups.deleteVolatileLayer', async ({ tenant, db, params }) => done(deleteVolatileLayer(db, writerTsp(tenant), params.currencyDealConfigId)));

  // Operations read a TSP's markups by naming it.
  r.serve('internalMarkups.layer1', async ({ db, query }) => {
    if (query.serviceProviderId) await ownServiceProvider(db, query.serviceProviderId);
    return listLayer(db, 1, null, { markupProfileId: undefined, ...query });
  });
  r.serve('internalMarkups.layer2', async ({ db, query }) => {
    if (query.serviceProviderId) await ownServiceProvider(db, query.serviceProviderId);
    return listLayer(db, 2, null, query);
  });
  r.serve('internalMarkups.volatileLayer', async ({ db, params, query }) => {
    const tsp = query.serviceProviderId ? await ownServiceProvider(db, query.serviceProviderId) : null;
    return volatileLayerOf(db, tsp, params.currencyDealConfigId);
  });
  r.serve('internalMarkups.profiles', async ({ db, query }) => {
    if (query.serviceProviderId) await ownServiceProvider(db, query.serviceProviderId);
    return listMarkupProfiles(db, null, query);
  });

  // A merchant's own config entries; operations read any merchant's.
  r.serve('merchantConfigs.list', async ({ tenant, db, query }) => listMerchantConfigs(db, merchantOf(tenant), query));
  r.serve('merchantConfigs.upsert', async ({ tenant, caller, db, body, now }) => upsertMerchantConfig(db, merchantOf(tenant), body, caller.userId, now));
  r.serve('merchantConfigs.internalList', async ({ db, query }) => listMerchantConfigs(db, null, query));
}

/** The merchant config call is the merchant's own: a TSP or operations user has no merchant here (403). */
function merchantOf(tenant: { kind: string; merchantId?: string } | null): string {
  if (tenant?.kind !== 'merchant' || tenant.merchantId === undefined) {
    throw new AppError('FORBIDDEN', 'Merchant config entries belong to a merchant: sign in as one of its users');
  }
  return tenant.merchantId;
}

/** A removal answers 204 with no body. */
async function done(removal: Promise<void>): Promise<undefined> {
  await removal;
  return undefined;
}

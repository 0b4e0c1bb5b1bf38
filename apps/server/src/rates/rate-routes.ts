import type { CallRegistrar } from '../http/registrar.ts';
import { rateBookOf } from './rate-book.ts';
import { ingestSnapshot } from './rate-ingest.ts';
import { EcbFileSource } from './ecb-rates.ts';
import {
  indicativeByDeal,
  listCalibrated,
  listIbr,
  listIndicative,
  listInternal,
  listMerchantRates,
  listOwnMerchantRates,
  listPlatform,
  listWalletCurrencyRates,
  updateIbr,
} from './rate-service.ts';

/** Exchange rates: the TSP's IBR and layered rates, a merchant's own rates, and the internal feed calls. */
export function registerRateRoutes(r: CallRegistrar): void {
  r.serve('rates.calibrated', async ({ tenant, db, query, services, now }) => listCalibrated(db, rateBookOf(services), tenant.serviceProviderId, query, now));
  r.serve('rates.ibr', async ({ tenant, db, query, services, now }) => listIbr(db, rateBookOf(services), tenant.serviceProviderId, query, now));
  r.serve('rates.updateIbr', async ({ tenant, db, body, services, now }) => updateIbr(db, rateBookOf(services), tenant.serviceProviderId, body, now));
  r.serve('rates.platform', async ({ tenant, db, query, services, now }) => listPlatform(db, rateBookOf(services), tenant.serviceProviderId, query, now));
  r.serve('rates.merchant', async ({ tenant, db, query, services, now }) => listMerchantRates(db, rateBookOf(services), tenant.serviceProviderId, query, now));
  r.serve('rates.indicative', async ({ tenant, db, query, services, now }) => listIndicative(db, rateBookOf(services), tenant.serviceProviderId, query, now));
  r.serve('rates.indicativeByDeal', async ({ tenant, db, params, services, now }) =>
    indicativeByDeal(db, rateBookOf(services), tenant.serviceProviderId, params.currencyDealConfigId, now),
  );
  r.serve('rates.merchantApi', async ({ tenant, db, query, services, now }) => listOwnMerchantRates(db, rateBookOf(services), tenant.merchantId, query, now));
  r.serve('rates.msp', async ({ tenant, db, query, services, now }) => listOwnMerchantRates(db, rateBookOf(services), tenant.merchantId, query, now));
  r.serve('rates.merchantWalletRates', async ({ tenant, db, query, services }) => listWalletCurrencyRates(db, rateBookOf(services), tenant.merchantId, query));
  r.serve('rates.internal', async ({ db, query, services, now }) => listInternal(db, rateBookOf(services), query, now));
  r.serve('rates.import', async ({ db, body, services, now }) =>
    ingestSnapshot(db, rateBookOf(services), await new EcbFileSource(await body.file.text()).fetch(), 'IMPORT', now),
  );
}

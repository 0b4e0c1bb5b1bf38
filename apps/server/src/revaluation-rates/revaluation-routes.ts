import type { CallRegistrar } from '../http/registrar.ts';
import { readerTsp, writerTsp } from '../lib/config-tenant.ts';
import { ownServiceProvider } from '../pricing-config/settings-service.ts';
import { listWalletRevaluations, runRevaluation, walletRevaluationSummary } from './revaluation-run.ts';
import {
  createRevaluationConfig,
  listRevaluationConfigs,
  listRevaluationRates,
  revaluationHistory,
  setRevaluationRate,
  updateRevaluationConfig,
} from './revaluation-service.ts';

/** Revaluation configuration of a TSP: which pairs are revalued and at which rate per date; operations read any TSP's. */
export function registerRevaluationRateRoutes(r: CallRegistrar): void {
  r.serve('revaluation.configs', async ({ tenant, db, query }) => listRevaluationConfigs(db, readerTsp(tenant), query));
  r.serve('revaluation.createConfig', async ({ tenant, caller, db, body, now }) => createRevaluationConfig(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('revaluation.updateConfig', async ({ tenant, caller, db, params, body, now }) =>
    updateRevaluationConfig(db, writerTsp(tenant), params.id, body, caller.userId, now),
  );
  r.serve('revaluation.rates', async ({ tenant, db, query }) => listRevaluationRates(db, readerTsp(tenant), query));
  r.serve('revaluation.createRate', async ({ tenant, caller, db, body, now }) => setRevaluationRate(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('revaluation.internalConfigs', async ({ db, query }) => {
    const { serviceProviderId, ...filter } = query;
    return listRevaluationConfigs(db, serviceProviderId ? await ownServiceProvider(db, serviceProviderId) : null, filter);
  });
  r.serve('revaluation.internalRates', async ({ db, query }) => {
    const { serviceProviderId, ...filter } = query;
    return listRevaluationRates(db, serviceProviderId ? await ownServiceProvider(db, serviceProviderId) : null, filter);
  });
  r.serve('revaluation.run', async ({ tenant, caller, db, body, now }) => runRevaluation(db, writerTsp(tenant), body, caller.userId, now));
  r.serve('revaluation.internalRun', async ({ caller, db, query, body, now }) =>
    runRevaluation(db, await ownServiceProvider(db, query.serviceProviderId), body, caller.userId, now),
  );
  r.serve('revaluation.history', async ({ tenant, db, query }) => revaluationHistory(db, readerTsp(tenant), query));
  r.serve('revaluation.walletRevaluations', async ({ tenant, db, query }) => listWalletRevaluations(db, tenant.serviceProviderId, query));
  r.serve('revaluation.walletRevaluationSummary', async ({ tenant, db, query }) => walletRevaluationSummary(db, tenant.serviceProviderId, query));
}

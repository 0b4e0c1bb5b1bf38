import { z } from 'zod';
import { defineArea } from '../define.ts';
import { noContent, pageOf, pathParams } from '../schemas/common.ts';
import {
  agentMarkupFilter,
  layer1Filter,
  layer2Filter,
  queryEnabledFilter,
  volatileLayerFilter,
} from '../schemas/filters.ts';
import {
  agentMarkup,
  agentMarkupBody,
  bulkIds,
  layer1Body,
  layer1Markup,
  layer2Body,
  layer2Markup,
  markupProfile,
  markupProfileBody,
  volatileLayer,
  volatileLayerAggregate,
  volatileLayerBody,
} from '../schemas/markups.ts';

const byId = pathParams('id');
const deleted = z.object({ deleted: z.number().int() });

export const markups = defineArea('markups', {
  agent: {
    method: 'GET', path: '/v1/config/markup/agent', root: 'markups',
    summary: 'Agent markups.', query: agentMarkupFilter, response: pageOf(agentMarkup),
  },
  createAgent: {
    method: 'POST', path: '/v1/config/markup/agent', root: 'markups', creates: true, status: 201,
    summary: 'Creates an agent markup.', body: agentMarkupBody, response: agentMarkup,
  },
  layer1: {
    method: 'GET', path: '/v1/config/markup/layer1', root: 'markups',
    summary: 'Layer 1 markups (per category, pair and deal type).', query: layer1Filter, response: pageOf(layer1Markup),
  },
  upsertLayer1: {
    method: 'POST', path: '/v1/config/markup/layer1', root: 'markups',
    summary: 'Creates or updates a layer 1 markup (same category, pair, deal type and provider: update).',
    body: layer1Body, response: layer1Markup,
  },
  deleteLayer1Bulk: {
    method: 'DELETE', path: '/v1/config/markup/layer1', root: 'markups',
    summary: 'Deletes layer 1 markups by ids.', body: bulkIds, response: deleted,
  },
  updateLayer1: {
    method: 'PUT', path: '/v1/config/markup/layer1/{id}', root: 'markups',
    summary: 'Updates one layer 1 markup.', pathParams: byId, body: layer1Body, response: layer1Markup,
  },
  deleteLayer1: {
    method: 'DELETE', path: '/v1/config/markup/layer1/{id}', root: 'markups', status: 204,
    summary: 'Deletes one layer 1 markup.', pathParams: byId, response: noContent,
  },
  layer2: {
    method: 'GET', path: '/v1/config/markup/layer2', root: 'markups',
    summary: 'Layer 2 markups (per markup profile).', query: layer2Filter, response: pageOf(layer2Markup),
  },
  upsertLayer2: {
    method: 'POST', path: '/v1/config/markup/layer2', root: 'markups',
    summary: 'Creates or updates a layer 2 markup (same key and markup profile: update).', body: layer2Body, response: layer2Markup,
  },
  deleteLayer2Bulk: {
    method: 'DELETE', path: '/v1/config/markup/layer2', root: 'markups',
    summary: 'Deletes layer 2 markups by ids.', body: bulkIds, response: deleted,
  },
  updateLayer2: {
    method: 'PUT', path: '/v1/config/markup/layer2/{id}', root: 'markups',
    summary: 'Updates one layer 2 markup.', pathParams: byId, body: layer2Body, response: layer2Markup,
  },
  deleteLayer2: {
    method: 'DELETE', path: '/v1/config/markup/layer2/{id}', root: 'markups', status: 204,
    summary: 'Deletes one layer 2 markup.', pathParams: byId, response: noContent,
  },
  upsertLayer2Multiple: {
    method: 'POST', path: '/v1/config/markup/layer2/multiple', root: 'markups',
    summary: 'Creates or updates many layer 2 markups at once.', body: z.array(layer2Body).min(1),
    response: z.array(layer2Markup),
  },
  profiles: {
    method: 'GET', path: '/v1/config/markup-profiles', root: 'markups',
    summary: 'Markup profiles.', query: queryEnabledFilter, response: pageOf(markupProfile),
  },
  createProfile: {
    method: 'POST', path: '/v1/config/markup-profiles', root: 'markups', creates: true, status: 201,
    summary: 'Creates a markup profile.', body: markupProfileBody, response: markupProfile,
  },
  profile: {
    method: 'GET', path: '/v1/config/markup-profiles/{id}', root: 'markups',
    summary: 'One markup profile.', pathParams: byId, response: markupProfile,
  },
  updateProfile: {
    method: 'PUT', path: '/v1/config/markup-profiles/{id}', root: 'markups',
    summary: 'Updates a markup profile.', pathParams: byId, body: markupProfileBody, response: markupProfile,
  },
  deleteProfile: {
    method: 'DELETE', path: '/v1/config/markup-profiles/{id}', root: 'markups', status: 204,
    summary: 'Deletes a markup profile.', pathParams: byId, response: noContent,
  },
  volatileLayers: {
    method: 'GET', path: '/v1/config/markup/volatile-layers', root: 'markups',
    summary: 'Volatile layers.', query: volatileLayerFilter, response: pageOf(volatileLayer),
  },
  volatileLayersAggregated: {
    method: 'GET', path: '/v1/config/markup/volatile-layers/aggregated', root: 'markups',
    summary: 'Volatile layers totalled per pair and deal type.', query: volatileLayerFilter,
    response: z.array(volatileLayerAggregate),
  },
  upsertVolatileLayer: {
    method: 'PUT', path: '/v1/config/markup/volatile-layers', root: 'markups',
    summary: 'Creates or updates the volatile layer of a currency deal config.', body: volatileLayerBody,
    response: volatileLayer,
  },
  deleteVolatileLayer: {
    method: 'DELETE', path: '/v1/config/markup/volatile-layers/{currencyDealConfigId}', root: 'markups', status: 204,
    summary: 'Removes the volatile layer of a currency deal config.', pathParams: pathParams('currencyDealConfigId'),
    response: noContent,
  },
});

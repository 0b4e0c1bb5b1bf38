import { defineArea } from '../define.ts';
import { noContent, pageOf, pathParams } from '../schemas/common.ts';
import { queryEnabledFilter } from '../schemas/filters.ts';
import { fundingParty, fundingPartyBody } from '../schemas/config.ts';

const byId = pathParams('id');

export const fundingParties = defineArea('fundingParties', {
  list: {
    method: 'GET',
    path: '/v1/config/funding-parties',
    root: 'markups',
    summary: 'Funding parties of the TSP.',
    query: queryEnabledFilter,
    response: pageOf(fundingParty),
  },
  create: {
    method: 'POST',
    path: '/v1/config/funding-parties',
    root: 'markups',
    creates: true,
    status: 201,
    summary: 'Adds a funding party.',
    body: fundingPartyBody,
    response: fundingParty,
  },
  get: {
    method: 'GET',
    path: '/v1/config/funding-parties/{id}',
    root: 'markups',
    summary: 'One funding party.',
    pathParams: byId,
    response: fundingParty,
  },
  update: {
    method: 'PUT',
    path: '/v1/config/funding-parties/{id}',
    root: 'markups',
    summary: 'Updates a funding party.',
    pathParams: byId,
    body: fundingPartyBody,
    response: fundingParty,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/config/funding-parties/{id}',
    root: 'markups',
    status: 204,
    summary: 'Removes a funding party.',
    pathParams: byId,
    response: noContent,
  },
  internalGet: {
    method: 'GET',
    path: '/v1/internal/config/funding-parties/{id}',
    root: 'markups',
    summary: 'One funding party of any TSP.',
    pathParams: byId,
    response: fundingParty,
  },
});

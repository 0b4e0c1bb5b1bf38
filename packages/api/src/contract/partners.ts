import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, pathParams } from '../schemas/common.ts';
import { partnerSearch } from '../schemas/filters.ts';
import { onboardBody, onboardResult, partner, partnerCreate, partnerDetail, partnerSummaryRow, partnerUpdate } from '../schemas/profiles.ts';

export const partners = defineArea('partners', {
  search: {
    method: 'GET',
    path: '/v1/partners/on-boarding',
    root: 'merchant',
    summary: 'Partner onboarding records.',
    query: partnerSearch,
    response: pageOf(partner),
  },
  create: {
    method: 'POST',
    path: '/v1/partners/on-boarding',
    root: 'merchant',
    creates: true,
    status: 201,
    summary: 'Starts the onboarding of a partner (status NEW, its first step recorded).',
    body: partnerCreate,
    response: partnerDetail,
  },
  get: {
    method: 'GET',
    path: '/v1/partners/on-boarding/{id}',
    root: 'merchant',
    summary: 'One onboarding record, with its status history and the statuses the caller may move it to.',
    pathParams: pathParams('id'),
    response: partnerDetail,
  },
  update: {
    method: 'PUT',
    path: '/v1/partners/on-boarding/{id}',
    root: 'merchant',
    summary: 'Updates an onboarding record or moves its status on (another user of the TSP authorises what one submitted).',
    pathParams: pathParams('id'),
    body: partnerUpdate,
    response: partnerDetail,
  },
  summary: {
    method: 'GET',
    path: '/v1/partners/on-boarding/summary',
    root: 'merchant',
    summary: 'Counts of partners by status and type.',
    query: partnerSearch,
    response: z.array(partnerSummaryRow),
  },
  onboardTsp: {
    method: 'POST',
    path: '/v1/internal/public/onboard/tsp',
    root: 'merchant',
    creates: true,
    status: 201,
    summary: 'Creates a service provider with its first user.',
    body: onboardBody,
    response: onboardResult,
  },
  onboardMerchant: {
    method: 'POST',
    path: '/v1/internal/public/onboard/merchant',
    root: 'merchant',
    creates: true,
    status: 201,
    summary: 'Creates a merchant service with its first user.',
    body: onboardBody.extend({ serviceProviderId: z.string().min(1, 'serviceProviderId is required') }),
    response: onboardResult,
  },
});

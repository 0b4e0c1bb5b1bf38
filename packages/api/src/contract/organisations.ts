import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, pathParams, queryBool, stringList } from '../schemas/common.ts';
import { merchantService, merchantSummary, serviceProvider } from '../schemas/organisations.ts';

const byId = pathParams('id');

/** Service providers (TSPs) by id and as lists, for admins, TSPs and merchants. */
export const serviceProviders = defineArea('serviceProviders', {
  internalList: {
    method: 'GET',
    path: '/v1/internal/service-providers',
    root: 'merchant',
    summary: 'All service providers.',
    query: z.object({ query: z.string().optional(), countryCode: z.string().optional(), ids: stringList, ...paging }),
    response: pageOf(serviceProvider),
  },
  internalById: {
    method: 'GET',
    path: '/v1/internal/service-providers/{id}',
    root: 'merchant',
    summary: 'One service provider.',
    pathParams: byId,
    response: serviceProvider,
  },
  byId: {
    method: 'GET',
    path: '/v1/service-provider/{id}',
    root: 'merchant',
    summary: "The caller's service provider (loaded by the user's parentId).",
    pathParams: byId,
    response: serviceProvider,
  },
  forMerchantList: {
    method: 'GET',
    path: '/v1/merchant-service/service-providers',
    root: 'merchant',
    summary: 'Service providers a merchant can work with; incAssociatedTsp includes those already associated.',
    query: z.object({
      countryCode: z.string().optional(),
      currencyCode: z.string().optional(),
      incAssociatedTsp: queryBool,
      ...paging,
    }),
    response: pageOf(serviceProvider),
  },
  forMerchantById: {
    method: 'GET',
    path: '/v1/merchant-service/service-providers/{serviceProviderId}',
    root: 'merchant',
    summary: 'One service provider as seen by a merchant.',
    pathParams: pathParams('serviceProviderId'),
    response: serviceProvider,
  },
});

/** Merchant services (merchant companies) by id and as lists. */
export const merchantServices = defineArea('merchantServices', {
  byId: {
    method: 'GET',
    path: '/v1/merchant-service/{id}',
    root: 'merchant',
    summary: "The caller's merchant service (loaded by the user's parentId).",
    pathParams: byId,
    response: merchantService,
  },
  internalById: {
    method: 'GET',
    path: '/v1/internal/merchants/{id}',
    root: 'merchant',
    summary: 'One merchant service.',
    pathParams: byId,
    response: merchantService,
  },
  internalSummary: {
    method: 'GET',
    path: '/v1/internal/merchant-summary',
    root: 'merchant',
    summary: 'Summary rows of all merchants.',
    query: z.object({
      name: z.string().optional(),
      merchantId: z.string().optional(),
      markupProfileId: z.string().optional(),
      merchantProfileStatus: z.string().optional(),
      ...paging,
    }),
    response: pageOf(merchantSummary),
  },
  internalList: {
    method: 'GET',
    path: '/v1/internal/merchant-services',
    root: 'merchant',
    summary: 'All merchant services.',
    query: z.object({
      query: z.string().optional(),
      serviceProviderId: z.string().optional(),
      ids: stringList,
      ...paging,
    }),
    response: pageOf(merchantService),
  },
});

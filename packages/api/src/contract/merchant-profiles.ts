import { z } from 'zod';
import { defineArea } from '../define.ts';
import { noContent, pageOf, paging, pathParams, stringList } from '../schemas/common.ts';
import {
  beneficiaryFilter,
  merchantConfigFilter,
  merchantProfileFilter,
  merchantSummaryFilter,
} from '../schemas/filters.ts';
import { merchantConfig, merchantConfigBody } from '../schemas/config.ts';
import { merchantSummary } from '../schemas/organisations.ts';
import {
  assessment,
  beneficiary,
  beneficiaryCreate,
  feeSchedule,
  merchantProfile,
  merchantProfileCreate,
  merchantProfileUpdate,
  profileDocument,
  profileDocumentCreate,
  profileSettlement,
  profileSettlementCreate,
} from '../schemas/profiles.ts';
import { comment, commentBody } from '../schemas/transactions.ts';

const pair = pathParams('merchantServiceId', 'serviceProviderId');
const sp = '/v1/service-provider';
const reviewQuery = z.object({
  merchantServiceId: z.string().optional(),
  merchantProfileId: z.string().optional(),
  statuses: stringList,
  ...paging,
});

export const beneficiaries = defineArea('beneficiaries', {
  list: {
    method: 'GET', path: '/v1/merchant-service/beneficiaries', root: 'merchant',
    summary: "The merchant's beneficiaries.", query: beneficiaryFilter, response: pageOf(beneficiary),
  },
  create: {
    method: 'POST', path: '/v1/merchant-service/beneficiaries', root: 'merchant', creates: true, status: 201,
    summary: 'Adds a beneficiary.', body: beneficiaryCreate, response: beneficiary,
  },
  get: {
    method: 'GET', path: '/v1/merchant-service/beneficiaries/{id}', root: 'merchant',
    summary: 'One beneficiary.', pathParams: pathParams('id'), response: beneficiary,
  },
  spList: {
    method: 'GET', path: `${sp}/merchant-service-beneficiaries`, root: 'merchant',
    summary: "Beneficiaries of the TSP's merchants.",
    query: beneficiaryFilter.extend({ merchantServiceId: z.string().optional() }), response: pageOf(beneficiary),
  },
  spGet: {
    method: 'GET', path: `${sp}/merchant-service-beneficiaries/{id}`, root: 'merchant',
    summary: 'One beneficiary of a merchant of the TSP.', pathParams: pathParams('id'), response: beneficiary,
  },
});

export const merchantProfiles = defineArea('merchantProfiles', {
  merchantList: {
    method: 'GET', path: '/v1/merchant-service/merchant-profiles', root: 'merchant',
    summary: "The merchant's profiles at its service providers.", query: merchantProfileFilter,
    response: pageOf(merchantProfile),
  },
  merchantCreate: {
    method: 'POST', path: '/v1/merchant-service/merchant-profiles', root: 'merchant', creates: true, status: 201,
    summary: 'Applies to a service provider (opens a merchant profile).', body: merchantProfileCreate,
    response: merchantProfile,
  },
  merchantGetByPair: {
    method: 'GET', path: '/v1/merchant-service/merchant-profiles/{merchantServiceId}/{serviceProviderId}', root: 'merchant',
    summary: 'The profile of the merchant at one service provider.', pathParams: pair, response: merchantProfile,
  },
  internalCreate: {
    method: 'POST', path: '/v1/internal/merchant-service/merchant-profiles', root: 'merchant', creates: true, status: 201,
    summary: 'Opens a merchant profile for a merchant.', query: z.object({ merchantId: z.string().min(1, 'merchantId is required') }),
    body: merchantProfileCreate, response: merchantProfile,
  },
  internalList: {
    method: 'GET', path: '/v1/internal/service-provider/merchant-profiles', root: 'merchant',
    summary: 'Merchant profiles of every TSP.', query: merchantProfileFilter, response: pageOf(merchantProfile),
  },
  internalGetByPair: {
    method: 'GET', path: '/v1/internal/merchant-profiles/{merchantServiceId}/{serviceProviderId}', root: 'merchant',
    summary: 'One merchant profile.', pathParams: pair, response: merchantProfile,
  },
  spList: {
    method: 'GET', path: `${sp}/merchant-profiles`, root: 'merchant',
    summary: "Profiles of the TSP's merchants.", query: merchantProfileFilter, response: pageOf(merchantProfile),
  },
  spGet: {
    method: 'GET', path: `${sp}/merchant-profiles/{id}`, root: 'merchant',
    summary: 'One merchant profile.', pathParams: pathParams('id'), response: merchantProfile,
  },
  spUpdate: {
    method: 'PATCH', path: `${sp}/merchant-profiles/{id}`, root: 'merchant',
    summary: 'Changes review statuses, profiles or the settlement cycle of a merchant.', pathParams: pathParams('id'),
    body: merchantProfileUpdate, response: merchantProfile,
  },
  spGetByPair: {
    method: 'GET', path: `${sp}/merchant-profiles/{merchantServiceId}/{serviceProviderId}`, root: 'merchant',
    summary: 'One merchant profile by merchant and TSP.', pathParams: pair, response: merchantProfile,
  },
  comments: {
    method: 'GET', path: `${sp}/merchant-profiles/{merchantProfileID}/comments`, root: 'merchant',
    summary: 'Comment thread of a merchant profile.', pathParams: pathParams('merchantProfileID'),
    query: z.object({ ...paging }), response: pageOf(comment),
  },
  addComment: {
    method: 'POST', path: `${sp}/merchant-profiles/{merchantProfileID}/comments`, root: 'merchant', creates: true,
    status: 201, summary: 'Adds a comment.', pathParams: pathParams('merchantProfileID'), body: commentBody,
    response: comment,
  },
  editComment: {
    method: 'PATCH', path: `${sp}/merchant-profiles/{merchantProfileID}/comments/{commentID}`, root: 'merchant',
    summary: 'Edits a comment (its creator only).', pathParams: pathParams('merchantProfileID', 'commentID'),
    body: commentBody, response: comment,
  },
  deleteComment: {
    method: 'DELETE', path: `${sp}/merchant-profiles/{merchantProfileID}/comments/{commentID}`, root: 'merchant',
    status: 204, summary: 'Deletes a comment (its creator only).', pathParams: pathParams('merchantProfileID', 'commentID'),
    response: noContent,
  },
  documents: {
    method: 'GET', path: `${sp}/merchant-profiles/{merchantProfileID}/documents`, root: 'documents',
    summary: 'Documents of a merchant profile.', pathParams: pathParams('merchantProfileID'),
    query: z.object({ ...paging }), response: pageOf(profileDocument),
  },
  addDocument: {
    method: 'POST', path: `${sp}/merchant-profiles/{merchantProfileID}/documents`, root: 'documents', creates: true,
    status: 201, summary: 'Attaches an uploaded file to a merchant profile.', pathParams: pathParams('merchantProfileID'),
    body: profileDocumentCreate, response: profileDocument,
  },
  settlements: {
    method: 'GET', path: `${sp}/merchant-profiles/{merchantProfileId}/settlements`, root: 'merchant',
    summary: 'Settlement set-ups of a merchant profile.', pathParams: pathParams('merchantProfileId'),
    query: z.object({ ...paging }), response: pageOf(profileSettlement),
  },
  addSettlement: {
    method: 'POST', path: `${sp}/merchant-profiles/{merchantProfileId}/settlements`, root: 'merchant', creates: true,
    status: 201, summary: 'Adds a settlement set-up.', pathParams: pathParams('merchantProfileId'),
    body: profileSettlementCreate, response: profileSettlement,
  },
  deleteSettlement: {
    method: 'DELETE', path: `${sp}/merchant-profiles/{merchantProfileId}/settlements/{id}`, root: 'merchant', status: 204,
    summary: 'Removes a settlement set-up.', pathParams: pathParams('merchantProfileId', 'id'), response: noContent,
  },
  spMerchantSummary: {
    method: 'GET', path: `${sp}/merchant-summary`, root: 'merchant',
    summary: "Summary rows of the TSP's merchants.", query: merchantSummaryFilter, response: pageOf(merchantSummary),
  },
  spMerchantSummaryOne: {
    method: 'GET', path: `${sp}/merchant-summary/{merchantServiceId}`, root: 'merchant',
    summary: 'Summary of one merchant.', pathParams: pathParams('merchantServiceId'), response: merchantSummary,
  },
});

/** Reviews a TSP keeps on its merchants. */
export const merchantReviews = defineArea('merchantReviews', {
  creditAssessments: {
    method: 'GET', path: `${sp}/credit-assessments`, root: 'merchant',
    summary: 'Credit assessments of merchants.', query: reviewQuery, response: pageOf(assessment),
  },
  executiveDocuments: {
    method: 'GET', path: `${sp}/executive-documents`, root: 'merchant',
    summary: 'Executive document reviews of merchants.', query: reviewQuery, response: pageOf(assessment),
  },
  fees: {
    method: 'GET', path: `${sp}/fees`, root: 'merchant',
    summary: "The TSP's fee schedules.", query: z.object({ ...paging }), response: pageOf(feeSchedule),
  },
  kycs: {
    method: 'GET', path: `${sp}/kycs`, root: 'merchant',
    summary: 'KYC reviews of merchants.', query: reviewQuery, response: pageOf(assessment),
  },
  riskAssessments: {
    method: 'GET', path: `${sp}/risk-assessments`, root: 'merchant',
    summary: 'Risk assessments of merchants.', query: reviewQuery, response: pageOf(assessment),
  },
});

export const merchantConfigs = defineArea('merchantConfigs', {
  list: {
    method: 'GET', path: '/v1/public/config/merchant', root: 'merchant',
    summary: "The caller merchant's config entries.", query: merchantConfigFilter, response: pageOf(merchantConfig),
  },
  upsert: {
    method: 'PUT', path: '/v1/public/config/merchant', root: 'merchant',
    summary: 'Creates or updates a config entry (category, key).', body: merchantConfigBody, response: merchantConfig,
  },
  internalList: {
    method: 'GET', path: '/v1/internal/config/merchant', root: 'merchant',
    summary: 'Config entries of any merchant.',
    query: merchantConfigFilter.extend({ merchantServiceId: z.string().optional() }), response: pageOf(merchantConfig),
  },
});

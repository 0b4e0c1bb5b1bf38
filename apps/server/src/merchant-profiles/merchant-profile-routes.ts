import type { CallRegistrar } from '../http/registrar.ts';
import { createProfile, listProfiles, profileByPair, profileDto, profileIn, updateProfile } from './merchant-profile-service.ts';
import {
  addComment,
  addDocument,
  addSettlement,
  deleteComment,
  deleteSettlement,
  editComment,
  listComments,
  listDocuments,
  listSettlements,
} from './profile-records-service.ts';
import { feeSchedules } from '../fees/fee-service.ts';
import { listReviews, merchantSummaries, merchantSummaryOf } from './merchant-review-service.ts';

/** Merchant profiles (merchant, TSP and operations views), their records, reviews and merchant summaries. */
export function registerMerchantProfileRoutes(r: CallRegistrar): void {
  r.serve('merchantProfiles.merchantList', async ({ tenant, db, query }) => listProfiles(db, { merchantId: tenant.merchantId }, query));
  r.serve('merchantProfiles.merchantCreate', async ({ caller, tenant, db, body, now }) =>
    createProfile(db, tenant.merchantId, body, caller.userId, now, 'merchant'),
  );
  r.serve('merchantProfiles.merchantGetByPair', async ({ tenant, db, params }) =>
    profileByPair(db, { merchantId: tenant.merchantId }, params.merchantServiceId, params.serviceProviderId),
  );
  r.serve('merchantProfiles.internalCreate', async ({ caller, db, query, body, now }) => createProfile(db, query.merchantId, body, caller.userId, now));
  r.serve('merchantProfiles.internalList', async ({ db, query }) => listProfiles(db, {}, query));
  r.serve('merchantProfiles.internalGetByPair', async ({ db, params }) => profileByPair(db, {}, params.merchantServiceId, params.serviceProviderId));

  r.serve('merchantProfiles.spList', async ({ tenant, db, query }) => listProfiles(db, { serviceProviderId: tenant.serviceProviderId }, query));
  r.serve('merchantProfiles.spGet', async ({ tenant, db, params }) =>
    profileDto(await profileIn(db, { serviceProviderId: tenant.serviceProviderId }, params.id)),
  );
  r.serve('merchantProfiles.spUpdate', async ({ caller, tenant, db, params, body, now }) =>
    updateProfile(db, tenant.serviceProviderId, params.id, body, caller.userId, now),
  );
  r.serve('merchantProfiles.spGetByPair', async ({ tenant, db, params }) =>
    profileByPair(db, { serviceProviderId: tenant.serviceProviderId }, params.merchantServiceId, params.serviceProviderId),
  );

  r.serve('merchantProfiles.comments', async ({ tenant, db, params, query }) => listComments(db, tenant.serviceProviderId, params.merchantProfileID, query));
  r.serve('merchantProfiles.addComment', async ({ caller, tenant, db, params, body, now }) =>
    addComment(db, { serviceProviderId: tenant.serviceProviderId, userId: caller.userId }, params.merchantProfileID, body, now),
  );
  r.serve('merchantProfiles.editComment', async ({ caller, tenant, db, params, body, now }) =>
    editComment(db, { serviceProviderId: tenant.serviceProviderId, userId: caller.userId }, params.merchantProfileID, params.commentID, body, now),
  );
  r.serve('merchantProfiles.deleteComment', async ({ caller, tenant, db, params, now }) => {
    await deleteComment(db, { serviceProviderId: tenant.serviceProviderId, userId: caller.userId }, params.merchantProfileID, params.commentID, now);
    return undefined;
  });

  r.serve('merchantProfiles.documents', async ({ tenant, db, params, query }) => listDocuments(db, tenant.serviceProviderId, params.merchantProfileID, query));
  r.serve('merchantProfiles.addDocument', async ({ caller, tenant, db, params, body, now }) =>
    addDocument(db, { serviceProviderId: tenant.serviceProviderId, userId: caller.userId }, params.merchantProfileID, body, now),
  );

  r.serve('merchantProfiles.settlements', async ({ tenant, db, params, query }) =>
    listSettlements(db, tenant.serviceProviderId, params.merchantProfileId, query),
  );
  r.serve('merchantProfiles.addSettlement', async ({ caller, tenant, db, params, body, now }) =>
    addSettlement(db, { serviceProviderId: tenant.serviceProviderId, userId: caller.userId }, params.merchantProfileId, body, now),
  );
  r.serve('merchantProfiles.deleteSettlement', async ({ tenant, db, params }) => {
    await deleteSettlement(db, tenant.serviceProviderId, params.merchantProfileId, params.id);
    return undefined;
  });

  r.serve('merchantProfiles.spMerchantSummary', async ({ tenant, db, query, now }) => merchantSummaries(db, tenant.serviceProviderId, query, now));
  r.serve('merchantProfiles.spMerchantSummaryOne', async ({ tenant, db, params, now }) =>
    merchantSummaryOf(db, tenant.serviceProviderId, params.merchantServiceId, now),
  );
  r.serve('merchantServices.internalSummary', async ({ db, query, now }) => merchantSummaries(db, null, query, now));

  r.serve('merchantReviews.kycs', async ({ tenant, db, query }) => listReviews(db, tenant.serviceProviderId, 'KYC', query));
  r.serve('merchantReviews.riskAssessments', async ({ tenant, db, query }) => listReviews(db, tenant.serviceProviderId, 'RISK_ASSESSMENT', query));
  r.serve('merchantReviews.creditAssessments', async ({ tenant, db, query }) => listReviews(db, tenant.serviceProviderId, 'CREDIT_ASSESSMENT', query));
  r.serve('merchantReviews.executiveDocuments', async ({ tenant, db, query }) => listReviews(db, tenant.serviceProviderId, 'EXECUTIVE_DOCUMENTS', query));
  r.serve('merchantReviews.fees', async ({ tenant, db, query }) => feeSchedules(db, tenant.serviceProviderId, query));
}

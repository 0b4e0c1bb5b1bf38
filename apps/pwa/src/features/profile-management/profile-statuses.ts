export const REVIEW_STATUSES = ['NEW', 'REQUESTED', 'IN_VERIFICATION', 'VERIFIED', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export const PROFILE_STATUSES = ['PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'BLOCKED', 'EXPIRED'] as const;
export const SETTLEMENT_MODES = ['INSTANT', 'DAILY', 'EVERY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'QUARTERLY', 'ONCE'] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export type SettlementMode = (typeof SETTLEMENT_MODES)[number];

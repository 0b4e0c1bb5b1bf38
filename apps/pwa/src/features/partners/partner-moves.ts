import type { ApprovalAction } from '@corridor/state-machines';
import type { PartnerStatus } from './partner-status-tag.tsx';

/** One move a user can make on a record: the status it reaches, how the approval machine takes it, its words. */
export interface PartnerMove {
  to: PartnerStatus;
  /** Rejecting and sending back are the machine's 'reject' (a reason is required); the others its 'approve'. */
  action: ApprovalAction;
  /** i18n key of the button and of the confirmation's title. */
  labelKey: string;
  testId: string;
}

const MOVES: Record<PartnerStatus, PartnerMove | undefined> = {
  NEW: undefined,
  PARTNER_ONBOARDING: { to: 'PARTNER_ONBOARDING', action: 'approve', labelKey: 'partners.actions.startOnboarding', testId: 'partner-start' },
  IN_AUTHORIZATION: { to: 'IN_AUTHORIZATION', action: 'approve', labelKey: 'partners.actions.submit', testId: 'partner-submit-authorization' },
  AUTHORIZED: { to: 'AUTHORIZED', action: 'approve', labelKey: 'partners.actions.authorize', testId: 'partner-authorize' },
  NEXT_REVIEW: { to: 'NEXT_REVIEW', action: 'reject', labelKey: 'partners.actions.sendBack', testId: 'partner-send-back' },
  REJECTED: { to: 'REJECTED', action: 'reject', labelKey: 'partners.actions.reject', testId: 'partner-reject' },
};

/**
 * The buttons for the statuses the server says this user may move the record to (its `nextStatuses`: none for
 * the user who submitted it while it waits for authorisation), forward moves first.
 *
 * @example partnerMoves(['AUTHORIZED', 'REJECTED', 'NEXT_REVIEW']).map((m) => m.to) // ['AUTHORIZED', 'NEXT_REVIEW', 'REJECTED']
 */
export function partnerMoves(nextStatuses: readonly PartnerStatus[]): PartnerMove[] {
  const order: PartnerStatus[] = ['PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'AUTHORIZED', 'NEXT_REVIEW', 'REJECTED'];
  return order.filter((s) => nextStatuses.includes(s)).flatMap((s) => (MOVES[s] ? [MOVES[s]] : []));
}

import { Dec, toDecimal, validateDateRange } from '@corridor/domain';
import type { CreditRequestRow } from './credit-types.ts';

export type CreditDecisionStatus = 'IN_VERIFICATION' | 'APPROVED' | 'REJECTED';

/** True when the TSP can still approve or reject the request. */
export function isDecidable(status: string): boolean {
  return status === 'REQUESTED' || status === 'PENDING' || status === 'IN_VERIFICATION' || status === 'ON_HOLD';
}

/**
 * The status changes an approval takes: a request goes REQUESTED -> IN_VERIFICATION -> APPROVED,
 * so approving one not yet verified verifies it first (the TSP has checked it in this screen).
 */
export function approvalSteps(status: string): CreditDecisionStatus[] {
  return status === 'REQUESTED' || status === 'PENDING' ? ['IN_VERIFICATION', 'APPROVED'] : ['APPROVED'];
}

export type ApprovedAmountError = 'required' | 'positive' | 'aboveRequested';

/** The approved limit must be a positive decimal, at most the requested amount. */
export function validateApprovedAmount(text: string, request: Pick<CreditRequestRow, 'amount'>): ApprovedAmountError | null {
  if (text.trim() === '') return 'required';
  const value = toDecimal(text.trim());
  if (value === null || !/^\d+(\.\d+)?$/.test(text.trim()) || value.lte(0)) return 'positive';
  if (value.gt(new Dec(request.amount))) return 'aboveRequested';
  return null;
}

/** A rejection needs a reason (spec 5 extra-details modal: 'Reason (required)'). */
export function isReasonValid(reason: string): boolean {
  return reason.trim().length > 0;
}

/** What the TSP grants: the limit and the period it is valid for. */
export interface CreditGrant {
  approvedAmount: string;
  validFrom: string;
  validTo: string;
}

export type ValidityError = 'required' | 'startAfterEnd';

/** The granted period needs both ISO dates, the start not after the end. */
export function validateValidity(validFrom: string, validTo: string): ValidityError | null {
  if (validFrom === '' || validTo === '') return 'required';
  return validateDateRange({ start: validFrom, end: validTo }, 'UTC') === null ? null : 'startAfterEnd';
}

import type { ErrorBody, NoAnswerErrorCode } from '@corridor/api';

/** An HTTP answer outside 2xx, or no answer (status 0), as the contract client reports it (`ApiError`). */
export interface ApiFailure extends ErrorBody {
  status: number;
}

/**
 * Recognises the client's ApiError by shape rather than by class, so an error that crossed a module
 * copy boundary is still mapped to the right exit code.
 */
export function isApiFailure(error: unknown): error is ApiFailure & Error {
  if (!(error instanceof Error)) return false;
  const candidate = error as Error & Partial<ApiFailure>;
  return typeof candidate.status === 'number' && typeof candidate.code === 'string';
}

/** The client's codes for a call that got no HTTP answer at all, but not one the user aborted. */
export const NO_ANSWER_CODES: ReadonlySet<string> = new Set<NoAnswerErrorCode>(['NETWORK_ERROR', 'TIMEOUT']);

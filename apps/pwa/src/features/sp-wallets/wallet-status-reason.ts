/** A status reason is 3..500 characters once trimmed, as the server checks it (statusReason). */
export const STATUS_REASON_MIN = 3;
export const STATUS_REASON_MAX = 500;

export type StatusReasonError = 'required' | 'tooShort' | 'tooLong';

/** What is wrong with a typed reason, or null when it can be sent. */
export function statusReasonError(reason: string): StatusReasonError | null {
  const text = reason.trim();
  if (text.length === 0) return 'required';
  if (text.length < STATUS_REASON_MIN) return 'tooShort';
  if (text.length > STATUS_REASON_MAX) return 'tooLong';
  return null;
}

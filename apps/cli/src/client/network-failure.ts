const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function codeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when no HTTP answer came back: Node's fetch rejects with TypeError('fetch failed') whose cause
 * carries the socket error code; a time-out aborts with a TimeoutError.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  const causeCode = codeOf(error.cause);
  if (causeCode !== undefined && UNREACHABLE_CODES.has(causeCode)) return true;
  const ownCode = codeOf(error);
  if (ownCode !== undefined && UNREACHABLE_CODES.has(ownCode)) return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  // A wrapped failure (the client may wrap the fetch error and keep it as cause).
  return error.cause instanceof Error && error.cause !== error ? isNetworkFailure(error.cause) : false;
}

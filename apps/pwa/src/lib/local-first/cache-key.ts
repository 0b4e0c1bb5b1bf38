/** JSON with object keys sorted, so the same query always gives the same cache key. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key of a cached answer: the call id plus its inputs (path params, query), order-independent. */
export function cacheKey(callId: string, input?: unknown): string {
  return input === undefined ? callId : `${callId}?${stableStringify(input)}`;
}

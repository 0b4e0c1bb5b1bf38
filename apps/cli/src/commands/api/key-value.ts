import { UsageError } from '../../errors.ts';

/** `key=value` pairs from repeatable options; a repeated key collects its values in order. */
export function parseKeyValues(pairs: readonly string[], option: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`${option} expects key=value, got "${pair}"`);
    const key = pair.slice(0, at);
    (out[key] ??= []).push(pair.slice(at + 1));
  }
  return out;
}

/*
 * Sort tokens (shell, section 9: "field,ASC,ignorecase / field,DESC,ignorecase"): the one rule set the
 * contract's query schema, the server's paging, the portal's table state and the CLI share.
 * - field: letters, digits, `_` and `.` (a nested field such as `amount.value`);
 * - direction: ASC or DESC in any case, ascending when absent;
 * - `ignorecase` in any case, optional, after the direction.
 */

export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  field: string;
  dir: SortDirection;
  ignoreCase: boolean;
}

export const SORT_TOKEN_PATTERN = /^([A-Za-z0-9_.]+)(?:,(asc|desc))?(,ignorecase)?$/i;

/** The order a token names, or undefined when it is not a sort token. */
export function parseSortToken(token: string): SortOrder | undefined {
  const match = SORT_TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  return { field: match[1]!, dir: match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc', ignoreCase: match[3] !== undefined };
}

export function isSortToken(token: string): boolean {
  return SORT_TOKEN_PATTERN.test(token);
}

/**
 * The token of an order; case is ignored unless told otherwise, as the portal's tables sort
 * (spec 9 writes every token with `ignorecase`).
 */
export function formatSortToken(field: string, dir: SortDirection, ignoreCase = true): string {
  return `${field},${dir === 'asc' ? 'ASC' : 'DESC'}${ignoreCase ? ',ignorecase' : ''}`;
}

const SORT_MODIFIERS = new Set(['asc', 'desc', 'ignorecase']);

/**
 * A query parser that splits `?sort=name,ASC,ignorecase` on commas gives three items; a direction or
 * `ignorecase` item belongs to the field before it, so the token is put back together.
 */
export function rejoinSortTokens(items: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const item of items) {
    const last = tokens.length - 1;
    if (SORT_MODIFIERS.has(item.toLowerCase()) && last >= 0) tokens[last] = `${tokens[last]},${item}`;
    else tokens.push(item);
  }
  return tokens;
}

/** How one value shows in a table cell or a tab-separated field. A missing value shows '-' (spec). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Tabs and line breaks would split a plain line into wrong fields. */
export function plainField(value: unknown): string {
  return cellText(value).replace(/[\t\r\n]+/g, ' ');
}

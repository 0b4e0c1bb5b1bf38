/** Name of the migrated+seeded template database the PostgreSQL test run clones. */
export const TEMPLATE_DATABASE = 'corridor_test_template';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Named (server-side prepared) statements for the hot reads. PostgreSQL plans a named statement once
 * per connection and reuses the plan; an unnamed one is parsed and planned on every call. The name
 * comes from the statement's SQL text, so each shape of a query (its filters and sort) gets its own
 * statement and one name never stands for two texts. Values are always bound parameters.
 */

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/** Shapes named so far. A list's filters can combine in many ways: past the cap, queries run unnamed. */
const names = new Map<string, string>();
const MAX_NAMED_SHAPES = 500;

function statementName(sqlText: string): string | null {
  const known = names.get(sqlText);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_SHAPES) return null;
  const name = `corridor_${names.size + 1}`;
  names.set(sqlText, name);
  return name;
}

/** Runs a Drizzle query as a named statement (PGlite, which has no named statements, just runs it). */
export function runPrepared<T>(query: Preparable<T>): Promise<T> {
  const name = statementName(query.toSQL().sql);
  // A Drizzle query is itself a thenable: unnamed, it runs as an ordinary query.
  return name === null ? Promise.resolve(query as unknown as PromiseLike<T>) : query.prepare(name).execute();
}

/**
 * What a failed statement tells: PostgreSQL's SQLSTATE and, for a constraint, its name. Both drivers put
 * them on their error (node-postgres's `DatabaseError`, PGlite's), and Drizzle wraps that error in its own
 * (`DrizzleQueryError`, the driver's error its `cause`): so a check on the outer error alone never matches.
 * Every place that answers a database refusal reads it here.
 */

/** The SQLSTATEs the server answers for (PostgreSQL's "Error codes" appendix). */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  numericValueOutOfRange: '22003',
  queryCanceled: '57014',
  lockNotAvailable: '55P03',
} as const;

interface DatabaseFailure {
  code: string;
  constraint: string | undefined;
}

/** How deep a wrapped error is looked for: Drizzle wraps once; a caller may wrap again. */
const MAX_DEPTH = 4;

/**
 * The database's failure inside `error` (the first error down its `cause` chain with a SQLSTATE), if any.
 * @internal exported for its tests; callers ask `sqlStateOf` or `isUniqueViolation`
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let e: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && typeof e === 'object' && e !== null; depth += 1) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    e = cause;
  }
  return undefined;
}

/** The SQLSTATE of a failed statement, through Drizzle's wrapping. */
export const sqlStateOf = (error: unknown): string | undefined => databaseFailureOf(error)?.code;

/** Whether a statement failed on a unique index: any, or the one named `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failure = databaseFailureOf(error);
  return failure?.code === SQLSTATE.uniqueViolation && (constraint === undefined || failure.constraint === constraint);
}

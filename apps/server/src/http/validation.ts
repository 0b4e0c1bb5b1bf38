import type { z } from 'zod';
import { AppError, type InvalidParameter } from '../errors.ts';
import { inputProblems } from './input-guard.ts';

/** Each zod issue becomes one `{ parameter, message }`, the parameter being the field's path. */
function invalidParametersOf(error: z.ZodError, location: string): InvalidParameter[] {
  return error.issues.map((issue) => ({
    parameter: issue.path.length > 0 ? issue.path.map(String).join('.') : location,
    message: issue.message,
  }));
}

/** A missing field reads "is required" rather than zod's "expected string, received undefined". */
const requiredMessage = (issue: { code: string; input?: unknown }): string | undefined =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined;

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, location: string): z.output<S> {
  // Strings no field may hold (NUL, control characters, megabytes) are refused before the schema runs.
  const refused = inputProblems(value, location);
  if (refused.length > 0) throw new AppError('VALIDATION_FAILED', undefined, refused);
  return parseGuarded(schema, value, location);
}

/**
 * `parseOrThrow` of a value the app's input guard (`guardRequestInput`, a hook before every handler) has already
 * walked: a request's path parameters, query and parsed body, each walked once per request, not twice.
 */
export function parseGuarded<S extends z.ZodType>(schema: S, value: unknown, location: string): z.output<S> {
  const result = schema.safeParse(value, { error: requiredMessage });
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', undefined, invalidParametersOf(result.error, location));
  }
  return result.data;
}

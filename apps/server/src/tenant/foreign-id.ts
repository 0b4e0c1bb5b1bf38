import { AppError } from '../errors.ts';

/**
 * The answer to an id a body or query names that is not the caller's (or does not exist): 404 naming
 * the field, the same answer a foreign path id gets, so a caller cannot learn what others hold.
 */
export function foreignId(field: string, what: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No ${what} ${id}`, [{ parameter: field, message: `no such ${what} of yours` }]);
}

/**
 * The answer to a reference-data id (a correspondent, a delivery mode) a body names that does not exist:
 * 404 naming the field, like an id of another organisation, so a typo is never stored as if it were one.
 */
export function unknownReference(field: string, what: string, id: string): AppError {
  return new AppError('NOT_FOUND', `No ${what} ${id}`, [{ parameter: field, message: `no such ${what}` }]);
}

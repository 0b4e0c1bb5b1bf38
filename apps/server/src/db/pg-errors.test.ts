import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseFailureOf, isUniqueViolation, SQLSTATE, sqlStateOf } from './pg-errors.ts';

/** A driver's error as node-postgres and PGlite raise it: a SQLSTATE and, for a constraint, its name. */
const driverError = (code: string, constraint?: string) => Object.assign(new Error('refused'), { code, constraint });

describe('database failures', () => {
  it('are read through Drizzle’s wrapping, where a check of the outer error alone finds nothing', () => {
    const wrapped = new DrizzleQueryError('insert …', [], driverError(SQLSTATE.uniqueViolation, 'profiles_pair_uq'));
    expect((wrapped as { code?: unknown }).code).toBeUndefined();
    expect(databaseFailureOf(wrapped)).toEqual({ code: '23505', constraint: 'profiles_pair_uq' });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'profiles_pair_uq')).toBe(true);
    expect(isUniqueViolation(wrapped, 'another_uq')).toBe(false);
    expect(isUniqueViolation(driverError(SQLSTATE.uniqueViolation))).toBe(true);
  });

  it('tell one refusal from another, and ignore what is not a SQLSTATE', () => {
    expect(sqlStateOf(new DrizzleQueryError('update …', [], driverError(SQLSTATE.foreignKeyViolation)))).toBe('23503');
    expect(isUniqueViolation(driverError(SQLSTATE.foreignKeyViolation))).toBe(false);
    // A connection failure's code is not a SQLSTATE; its cause is not looked past it.
    expect(sqlStateOf(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
    expect(sqlStateOf('23505')).toBeUndefined();
  });

  it('stop at a bounded depth of causes', () => {
    let error: unknown = driverError(SQLSTATE.queryCanceled);
    for (let i = 0; i < 10; i += 1) error = new Error('wrapped', { cause: error });
    expect(sqlStateOf(error)).toBeUndefined();
    expect(sqlStateOf(new Error('once', { cause: new Error('twice', { cause: driverError(SQLSTATE.lockNotAvailable) }) }))).toBe('55P03');
  });
});

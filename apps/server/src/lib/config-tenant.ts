import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Dec, RATE_DP, toPlain } from '@corridor/domain';
import { AppError } from '../errors.ts';
import type { Tenant } from '../tenant/tenant.ts';

/*
 * What every per-TSP configuration area shares (pricing, revaluation rates, rates, partners): the TSP a call
 * acts for, its scope on a TSP column, and the checks and audit fields of a configuration row.
 */

/**
 * The TSP a configuration call acts for. A TSP user always acts for its own TSP; operations (ADMIN)
 * read every TSP's configuration (null: no narrowing) but change one only through the internal calls.
 */
export function readerTsp(tenant: Tenant | null): string | null {
  if (tenant === null) return null;
  if (tenant.kind !== 'serviceProvider') throw new AppError('FORBIDDEN');
  return tenant.serviceProviderId;
}

/** The TSP whose configuration a write changes: operations have none here (403). */
export function writerTsp(tenant: Tenant | null): string {
  const tsp = readerTsp(tenant);
  if (tsp === null) {
    throw new AppError('FORBIDDEN', 'Configuration belongs to a TSP: operations change it through the internal calls');
  }
  return tsp;
}

/** `column = tsp` when the caller is narrowed to one TSP, nothing otherwise. */
export function tspScope(column: AnyPgColumn, tsp: string | null): SQL | undefined {
  return tsp === null ? undefined : eq(column, tsp);
}

export function both(a: SQL | undefined, b: SQL | undefined): SQL | undefined {
  if (a && b) return and(a, b);
  return a ?? b;
}

export function invalid(parameter: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, [{ parameter, message }]);
}

/** A rate: positive, at most 8 decimals. */
export function checkedRate(value: string, parameter: string): string {
  const fraction = value.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > RATE_DP) throw invalid(parameter, `must have at most ${RATE_DP} decimals`);
  const rate = new Dec(value);
  if (!rate.greaterThan(0)) throw invalid(parameter, 'must be greater than zero');
  if (rate.greaterThanOrEqualTo('1e12')) throw invalid(parameter, 'is too large for a rate');
  return toPlain(rate);
}

export function audit(row: { createdAt: Date; updatedAt: Date | null; createdBy?: string | null }) {
  return {
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    createdBy: null,
  };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

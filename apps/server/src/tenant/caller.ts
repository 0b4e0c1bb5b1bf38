import type { Audience, Role } from '@corridor/api';
import { AppError } from '../errors.ts';

export type OrgType = 'MERCHANT' | 'SERVICE_PROVIDER' | 'INTERNAL';

/** Who is calling, from the verified token (and re-checked against the users table). */
export interface Caller {
  userId: string;
  role: Role;
  /** The user's parentId: merchant-service id or service-provider id; null for ADMIN. */
  org: string | null;
  orgType: OrgType;
  /** The user's display name, when the caller was read from the database (a signed-in call); writes record it. */
  name?: string | null;
}

export function orgTypeOf(role: Role): OrgType {
  if (role === 'MERCHANT_SERVICE') return 'MERCHANT';
  if (role === 'SERVICE_PROVIDER') return 'SERVICE_PROVIDER';
  return 'INTERNAL';
}

const ROLES_BY_AUDIENCE: Partial<Record<Audience, readonly Role[]>> = {
  merchant: ['MERCHANT_SERVICE'],
  serviceProvider: ['SERVICE_PROVIDER'],
  internal: ['ADMIN'],
  config: ['ADMIN', 'SERVICE_PROVIDER'],
  public: ['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER'],
  common: ['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER'],
};

/** The path prefix decides who may call (spec part A/B, section 1); 403 FORBIDDEN otherwise. */
export function authorise(audience: Audience, caller: Caller): void {
  const roles = ROLES_BY_AUDIENCE[audience];
  if (!roles || !roles.includes(caller.role)) throw new AppError('FORBIDDEN');
}

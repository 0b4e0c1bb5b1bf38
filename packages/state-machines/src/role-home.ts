import type { Role } from '@corridor/api';
import { orgTypeOfRole, roleHome as areaHome } from '@corridor/domain';

/** Portal areas guarded by organisation type (spec 1, section 2: availableFor). */
export type PortalArea = 'MERCHANT' | 'SERVICE_PROVIDER';

/** The area a role belongs to; ADMIN has no portal area (spec 1, section 6: other roles get no menu). */
export function areaOfRole(role: Role): PortalArea | null {
  const org = orgTypeOfRole(role);
  return org === 'INTERNAL' ? null : org;
}

/**
 * The page a user lands on: the area home (role's organisation type lowercased, '_' -> '-') opens
 * on its wallet. A role without an area lands on the forbidden page rather than bouncing between
 * the guards and the fallback route.
 */
export function roleHome(role: Role): string {
  if (areaOfRole(role) === null) return '/error/forbidden';
  return `${areaHome(role)}/wallet`;
}

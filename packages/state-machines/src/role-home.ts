import type { Role } from '@corridor/api';

/** Portal areas guarded by organisation type (spec 1, section 2: availableFor). */
export type PortalArea = 'MERCHANT' | 'SERVICE_PROVIDER';

/** The area a role belongs to; ADMIN has no portal area (spec 1, section 6: other roles get no menu). */
export function areaOfRole(role: Role): PortalArea | null {
  if (role === 'MERCHANT_SERVICE') return 'MERCHANT';
  if (role === 'SERVICE_PROVIDER') return 'SERVICE_PROVIDER';
  return null;
}

/**
 * The user's own home. The spec derives it from the organisation type lowercased with '_' -> '-'
 * (MERCHANT -> /merchant, SERVICE_PROVIDER -> /service-provider); both areas open on their wallet.
 * A role without an area lands on the forbidden page rather than bouncing between guards.
 */
export function roleHome(role: Role): string {
  const area = areaOfRole(role);
  if (area === null) return '/error/forbidden';
  return `/${area.toLowerCase().replace(/_/g, '-')}/wallet`;
}

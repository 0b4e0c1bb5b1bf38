import type { CurrentUser } from '@corridor/api/light';

/**
 * The last current user seen online, so an offline start with a valid cookie shows the shell
 * (see README, "Offline start"). Cleared at logout.
 * @internal
 */
export const STORED_USER_KEY = 'corridor_user';

const ROLES: readonly string[] = ['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER'];
const ORGANISATION_TYPES: readonly string[] = ['MERCHANT', 'SERVICE_PROVIDER', 'INTERNAL'];
const STATUSES: readonly string[] = ['ACTIVE', 'INACTIVE', 'LOCKED'];

/**
 * The contract's `currentUser` shape, checked by hand: this runs on the first screen, which loads no
 * zod (stored-user.test.ts checks it agrees with the schema).
 */
function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const u = value as Record<string, unknown>;
  const text = (v: unknown): v is string => typeof v === 'string';
  return (
    text(u.id) &&
    u.id.length > 0 &&
    text(u.digit9Id) &&
    text(u.name) &&
    (u.email === undefined || u.email === null || text(u.email)) &&
    text(u.role) &&
    ROLES.includes(u.role) &&
    (u.parentId === null || text(u.parentId)) &&
    text(u.organisationType) &&
    ORGANISATION_TYPES.includes(u.organisationType) &&
    text(u.status) &&
    STATUSES.includes(u.status)
  );
}

/** Only the fields the contract names (as zod's parse keeps them). */
function knownFields(u: CurrentUser): CurrentUser {
  const user: CurrentUser = {
    id: u.id,
    digit9Id: u.digit9Id,
    name: u.name,
    role: u.role,
    parentId: u.parentId,
    organisationType: u.organisationType,
    status: u.status,
  };
  if (u.email !== undefined) user.email = u.email;
  return user;
}

export function loadStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isCurrentUser(parsed) ? knownFields(parsed) : null;
  } catch {
    // A corrupt entry is as good as none: the next online start rewrites it.
    return null;
  }
}

export function saveStoredUser(user: CurrentUser): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  localStorage.removeItem(STORED_USER_KEY);
}

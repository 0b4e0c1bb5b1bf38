import { currentUser, type CurrentUser } from '@corridor/api';

/**
 * The last current user seen online, so an offline start with a valid cookie shows the shell
 * (see README, "Offline start"). Cleared at logout.
 */
export const STORED_USER_KEY = 'corridor_user';

export function loadStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const parsed = currentUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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

export const PROFILE_PATH = '/service-provider/profile-management';

/** A profile's page, on one of its sections. */
export function profilePath(id: string, section?: string): string {
  const base = `${PROFILE_PATH}/${encodeURIComponent(id)}`;
  return section === undefined ? base : `${base}?section=${section}`;
}

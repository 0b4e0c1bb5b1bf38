import { redirect } from '@tanstack/react-router';
import { groupLanding, type MenuItem } from '@corridor/domain';

/** A catch-all route's `beforeLoad`: a menu group's own path opens the group's first entry (a group is a heading, not a screen). */
export function openFirstEntryOfGroup(menu: readonly MenuItem[]) {
  return ({ location }: { location: { pathname: string } }): void => {
    const to = groupLanding(menu, location.pathname);
    if (to) throw redirect({ to, replace: true });
  };
}

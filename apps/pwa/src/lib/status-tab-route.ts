import { redirect } from '@tanstack/react-router';

/**
 * `beforeLoad` of a status-list route (`.../list/$status`): a slug no tab names opens the list's
 * default tab at the same place, rather than a list that no tab highlights.
 */
export function openKnownTab(tabs: readonly { slug: string }[], fallback: string) {
  return ({ params, location }: { params: { status: string }; location: { pathname: string } }): void => {
    if (!tabs.some((tab) => tab.slug === params.status)) {
      throw redirect({ href: location.pathname.replace(/[^/]*$/, fallback), replace: true });
    }
  };
}

import type { AnyRouter } from '@tanstack/react-router';
import type { NavigateRequest } from '@corridor/state-machines';

/**
 * Carries out a navigation asked by the session. The forbidden page keeps the address bar on the
 * URL that was refused ("URL unchanged"): the router renders the forbidden route under a mask.
 */
export function navigateForSession(router: AnyRouter, request: NavigateRequest): void {
  const current = router.state.location;
  if (!request.maskCurrentUrl && current.pathname === request.to && !request.search) return;
  const options = {
    to: request.to,
    search: request.search ?? {},
    replace: request.replace ?? request.maskCurrentUrl ?? false,
  };
  if (request.maskCurrentUrl) {
    void router.navigate({ ...options, mask: { to: current.pathname, search: current.search } });
    return;
  }
  // Guards and code of the target load first, so the address bar changes when the page can show.
  void router
    .preloadRoute(options)
    .catch(() => undefined)
    .finally(() => void router.navigate(options));
}

import type { AnyRouter } from '@tanstack/react-router';
import type { NavigateRequest } from '@corridor/state-machines';

function hrefOf(request: NavigateRequest): string {
  const query = new URLSearchParams(request.search ?? {}).toString();
  return query ? `${request.to}?${query}` : request.to;
}

/**
 * Carries out a navigation asked by the session. The forbidden page keeps the address bar on the
 * URL that was refused ("URL unchanged"): the router renders the forbidden route under a mask.
 */
export function navigateForSession(router: AnyRouter, request: NavigateRequest): void {
  const current = router.state.location;
  if (!request.maskCurrentUrl && current.pathname === request.to && !request.search) return;
  void router.navigate({
    href: hrefOf(request),
    replace: request.replace ?? request.maskCurrentUrl ?? false,
    ...(request.maskCurrentUrl ? { mask: { to: current.href } } : {}),
  });
}

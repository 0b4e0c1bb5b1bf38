import { useEffect, useState } from 'react';
import type { PortalConfig } from '@/lib/portal-config.ts';

/**
 * The directory sign-in URL once `/portal-config.json` has answered; null until then. The login form
 * renders at once without it (on a slow line that answer costs a round trip), and the directory button
 * appears when the config arrives. The route starts the request in its loader, beside the form's code.
 */
export function useDirectorySignInUrl(portalConfig: Promise<PortalConfig>): string | null {
  const [settled, setSettled] = useState<{ from: Promise<PortalConfig>; url: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    // fetchPortalConfig never rejects (offline gives the defaults), so there is no error state to show.
    void portalConfig.then((config) => {
      if (current) setSettled({ from: portalConfig, url: config.directorySignInUrl });
    });
    return () => {
      current = false;
    };
  }, [portalConfig]);
  // A new request (the route loaded again) shows nothing stale from the previous one.
  return settled?.from === portalConfig ? settled.url : null;
}

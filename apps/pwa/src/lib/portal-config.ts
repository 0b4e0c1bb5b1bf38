/** `GET /portal-config.json`: the server tells the portal whether directory sign-in exists. */
export interface PortalConfig {
  version: string;
  directorySignInUrl: string | null;
}

import { APP_VERSION } from '@corridor/domain';

export { APP_VERSION };

export async function fetchPortalConfig(fetchImpl: typeof fetch = fetch): Promise<PortalConfig> {
  try {
    const res = await fetchImpl('/portal-config.json', { headers: { Accept: 'application/json' } });
    if (!res.ok) return { version: APP_VERSION, directorySignInUrl: null };
    const body = (await res.json()) as Partial<PortalConfig>;
    return {
      version: typeof body.version === 'string' ? body.version : APP_VERSION,
      directorySignInUrl: typeof body.directorySignInUrl === 'string' && body.directorySignInUrl ? body.directorySignInUrl : null,
    };
  } catch {
    // Offline or no server: the login form still works without the directory button.
    return { version: APP_VERSION, directorySignInUrl: null };
  }
}

import type { ClientCredentials } from '../../client/corridor-api.ts';
import type { Env } from '../../config/config-path.ts';

/**
 * DEMO ONLY: the portal's public OAuth client of the reference server. A real deployment gives the CLI
 * its own client through --client-id / CORRIDOR_CLIENT_ID and CORRIDOR_CLIENT_SECRET.
 * @internal
 */
export const DEMO_PORTAL_CLIENT: ClientCredentials = {
  id: 'corridor-portal',
  secret: 'corridor-portal-demo-secret',
};

export function resolveClientCredentials(options: { clientId?: string; clientSecret?: string }, env: Env): ClientCredentials {
  return {
    id: options.clientId ?? env['CORRIDOR_CLIENT_ID'] ?? DEMO_PORTAL_CLIENT.id,
    secret: options.clientSecret ?? env['CORRIDOR_CLIENT_SECRET'] ?? DEMO_PORTAL_CLIENT.secret,
  };
}

import { ApiError, apiErrorFromResponse, DEFAULT_TIMEOUT_MS } from '@corridor/api/light';
import { authRoot, DEMO_PORTAL_CLIENT } from '@/lib/api-client.ts';

/*
 * Forgot password's two calls, sent like the token grant (the client's Basic credentials, no session) and
 * answered here, not through the portal's error catalogue: a used or expired link (403 LINK_EXPIRED) is a
 * message on this page, not the forbidden page, and nobody is signed in to sign out.
 */

function basic(): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${DEMO_PORTAL_CLIENT.id}:${DEMO_PORTAL_CLIENT.secret}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

async function post(path: string, body: Record<string, string>): Promise<void> {
  const root = authRoot.endsWith('/') ? authRoot.slice(0, -1) : authRoot;
  let response: Response;
  try {
    response = await fetch(root + path, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: basic(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: cause instanceof Error ? cause.message : String(cause), cause });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw apiErrorFromResponse(response.status, response.statusText, text, response.headers.get('x-trace-id'));
  }
}

/** Asks for a reset link; answers the same whether the ID exists or not. */
export function requestResetLink(digit9Id: string): Promise<void> {
  return post('/oauth/password-reset', { digit9Id });
}

/** Sets the new password with the link's token (once). */
export function resetWithLink(token: string, newPassword: string): Promise<void> {
  return post('/oauth/password-reset/complete', { token, newPassword });
}

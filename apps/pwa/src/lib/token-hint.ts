/**
 * What the portal reads of an access token it has just been given: whose token it is and of which kind of
 * organisation, as a hint for work it may start before the user's own fetch has answered (lib/prefetch-home.ts).
 * Never a check: the token is not verified here, the server checks every call it answers, and the session's
 * guards wait for the user the server returns. A token that does not read as expected gives no hint.
 */
export interface TokenHint {
  userId: string;
  orgType: string;
}

export function tokenHint(accessToken: string): TokenHint | null {
  const body = accessToken.split('.')[1];
  if (!body) return null;
  try {
    // The claims are base64url JSON; atob takes the unpadded form.
    const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, orgType } = claims as Record<string, unknown>;
    return typeof sub === 'string' && sub !== '' && typeof orgType === 'string' && orgType !== '' ? { userId: sub, orgType } : null;
  } catch {
    return null;
  }
}

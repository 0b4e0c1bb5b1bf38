import { ApiError, createRouteClient, type BackendRoot, type Client, type FailedRequest } from '@corridor/api/light';
import { PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET_DEMO } from '@corridor/domain';
import { browserTokenChannel, browserTokenLock, createAccessTokenStore, fetchWithTokenRenewal } from './access-token.ts';
import { createOAuthClient } from './oauth-client.ts';
import { mayHoldSession } from './auth-cookie.ts';
import { serverDates } from './server-date.ts';

/**
 * DEMO ONLY: the portal's OAuth client. A real deployment registers its own client and injects
 * the secret at build time; this pair matches the reference server's demo seed.
 */
export const DEMO_PORTAL_CLIENT = { id: PORTAL_CLIENT_ID, secret: PORTAL_CLIENT_SECRET_DEMO } as const;

const ROOT_ENV: Record<BackendRoot, string> = {
  auth: 'VITE_API_ROOT_AUTH',
  merchant: 'VITE_API_ROOT_MERCHANT',
  merchantTransactions: 'VITE_API_ROOT_MERCHANT_TRANSACTIONS',
  referenceData: 'VITE_API_ROOT_REFERENCE_DATA',
  documents: 'VITE_API_ROOT_DOCUMENTS',
  markups: 'VITE_API_ROOT_MARKUPS',
  rateQuotes: 'VITE_API_ROOT_RATE_QUOTES',
  merchantWallet: 'VITE_API_ROOT_MERCHANT_WALLET',
  spWallet: 'VITE_API_ROOT_SP_WALLET',
  merchantPayments: 'VITE_API_ROOT_MERCHANT_PAYMENTS',
  reports: 'VITE_API_ROOT_REPORTS',
};

/**
 * Backend roots from the build environment (spec 1, section 7); unset roots use the base URL.
 * @internal
 */
export function rootsFromEnv(env: Record<string, string | undefined>): Partial<Record<BackendRoot, string>> {
  const roots: Partial<Record<BackendRoot, string>> = {};
  for (const [root, key] of Object.entries(ROOT_ENV) as [BackendRoot, string][]) {
    const value = env[key];
    if (value) roots[root] = value;
  }
  return roots;
}

type ErrorHandler = (error: ApiError, request: FailedRequest) => void;
let errorHandler: ErrorHandler = () => {};

/** The session registers itself here so every failed call goes through the error catalogue. */
export function setApiErrorHandler(handler: ErrorHandler): void {
  errorHandler = handler;
}

/** Reports an error of a call made outside `api` (the OAuth calls) to the same handler. */
export function reportApiError(error: ApiError, request: FailedRequest): void {
  errorHandler(error, request);
}

const env = import.meta.env as Record<string, string | undefined>;
const baseUrl = env.VITE_API_BASE_URL || window.location.origin;
const roots = rootsFromEnv(env);

/** Where the OAuth calls go (the token grant, revocation, forgot password). */
export const authRoot = roots.auth ?? baseUrl;
/** Token, refresh and revocation calls: client Basic credentials and the HttpOnly refresh cookie. */
export const oauth = createOAuthClient({ root: authRoot, client: DEMO_PORTAL_CLIENT });

/** The access token, in memory only; renewed through the refresh cookie, one renewal at a time across tabs. */
export const accessTokens = createAccessTokenStore({
  // No session hint: refused here as the server would refuse it (a first visit sends no call bound to fail).
  refreshGrant: () =>
    mayHoldSession(authRoot)
      ? oauth.refreshGrant()
      : Promise.reject(new ApiError({ status: 401, code: 'INVALID_GRANT', message: 'No session to renew: sign in' })),
  withLock: browserTokenLock(),
  channel: browserTokenChannel(),
});

/** How the portal sends its calls; the route table it needs loads with the first call. */
function createApi(routes: Parameters<typeof createRouteClient>[0], fetchWithRetries: (base: typeof fetch) => typeof fetch): Client {
  return createRouteClient(routes, {
    baseUrl,
    roots,
    getToken: () => accessTokens.usable(),
    // A read or a keyed write the line failed is asked again; a 401 renews the access token once and sends the call
    // again before the session sees it.
    fetch: fetchWithRetries(
      fetchWithTokenRenewal(
        serverDates.wrap((...args) => globalThis.fetch(...args)),
        accessTokens,
      ),
    ),
    clientCredentials: DEMO_PORTAL_CLIENT,
    onError: (error, request) => errorHandler(error, request),
  });
}
let client: Promise<Client> | undefined;

/**
 * The route table of every call (~5 KB gzip) is not needed to show the login form: it loads with the
 * first call and is kept.
 */
function loadRouteClient(): Promise<Client> {
  // The retries of the calls load with the route table: the login form's two calls need neither.
  client ??= Promise.all([import('@corridor/api/call-routes'), import('./fetch-retries.ts')]).then(([routes, retries]) =>
    createApi(routes.callRoutes, (base) => retries.fetchWithRetries(base)),
  );
  return client;
}

/** Loads the route table ahead of the first call (the login page does while the user types). */
export function preloadCallTable(): Promise<unknown> {
  return loadRouteClient();
}

/**
 * Call sites name the call id as a type argument (`api.call<'users.me'>('users.me')`): inferring it
 * across the whole contract exceeds TypeScript's union size limit (TS2590).
 */
// The route table, not the contract: answers are not validated here, so no schema is needed to send a call.
export const api: Pick<Client, 'call'> = {
  call: ((id: string, ...args: unknown[]) =>
    loadRouteClient().then((loaded) => (loaded.call as (id: string, ...rest: unknown[]) => Promise<unknown>)(id, ...args))) as Client['call'],
};

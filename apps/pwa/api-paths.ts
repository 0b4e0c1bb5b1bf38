import { backendPathPattern } from '@corridor/api/light';

/**
 * Path prefixes served by the backend rather than the portal: the dev proxy forwards them and the
 * service worker never answers them with the app shell. They come from the contract's call table; a
 * call whose first segment is one of the portal's route roots keeps its second segment too
 * (`/merchant/v1/...` is a call, `/merchant/wallets` a screen). Vite loads this config through its
 * module runner (`--configLoader runner`) because the contract is TypeScript source.
 */
export const PORTAL_ROUTE_ROOTS = ['merchant', 'service-provider', 'login', 'logout', 'error'] as const;

export const API_PATH_PATTERN = backendPathPattern(PORTAL_ROUTE_ROOTS);

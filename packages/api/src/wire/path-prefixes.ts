/*
 * Which paths the backend serves, derived from the call table so a new call's prefix cannot be
 * forgotten: the portal's dev proxy forwards these paths and its service worker never answers them
 * with the app shell.
 */
import { callRoutes } from '../call-routes.ts';

/** Paths the server serves besides the calls: the portal's version check and the API reference. */
const SERVER_DOCUMENT_PATHS = ['portal-config.json', 'openapi.json', 'docs'] as const;

/**
 * The first path segment of every call, or its first two segments when the first is also one of the
 * portal's own route roots (`/merchant/v1/...` is a call, `/merchant/wallets` a portal screen).
 * Sorted and without repeats.
 * @internal
 */
export function backendPathPrefixes(portalRoots: readonly string[]): string[] {
  const prefixes = new Set<string>();
  for (const { path } of Object.values(callRoutes)) {
    const [first = '', second = ''] = path.split('/').filter((s) => s !== '');
    if (first.startsWith('{')) throw new TypeError(`a call path must start with a literal segment: ${path}`);
    prefixes.add(portalRoots.includes(first) ? `${first}/${second}` : first);
  }
  for (const path of SERVER_DOCUMENT_PATHS) prefixes.add(path);
  return [...prefixes].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern that matches a backend path (with or without a query) and no path under a portal root. */
export function backendPathPattern(portalRoots: readonly string[]): RegExp {
  const alternatives = backendPathPrefixes(portalRoots).map(escapeRegExp).join('|');
  return new RegExp(`^\\/(${alternatives})(\\/|$|\\?)`);
}

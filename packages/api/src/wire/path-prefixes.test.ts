import { describe, expect, it } from 'vitest';
import { callRoutes } from '../call-routes.ts';
import { backendPathPattern, backendPathPrefixes } from './path-prefixes.ts';

const PORTAL_ROOTS = ['merchant', 'service-provider', 'login', 'logout', 'error'];

describe('backend path prefixes', () => {
  const pattern = backendPathPattern(PORTAL_ROOTS);

  it('match every call path, with or without a query', () => {
    for (const { path } of Object.values(callRoutes)) {
      const concrete = path.replace(/\{[^}]+\}/g, 'x1');
      expect(concrete).toMatch(pattern);
      expect(`${concrete}?page=0`).toMatch(pattern);
    }
  });

  it('match the documents the server serves beside the calls', () => {
    for (const path of ['/portal-config.json', '/openapi.json', '/docs', '/docs/standalone.js']) expect(path).toMatch(pattern);
  });

  it('leave the portal its own screens, even under a root a call shares', () => {
    expect(backendPathPrefixes(PORTAL_ROOTS)).toContain('merchant/v1');
    expect(backendPathPrefixes(PORTAL_ROOTS)).not.toContain('merchant');
    for (const path of ['/', '/login', '/logout', '/error/forbidden', '/merchant/wallets', '/service-provider/network', '/merchant']) {
      expect(path).not.toMatch(pattern);
    }
  });

  it('do not take a longer segment for a prefix', () => {
    expect('/v1x/thing').not.toMatch(pattern);
    expect('/docsy').not.toMatch(pattern);
  });
});

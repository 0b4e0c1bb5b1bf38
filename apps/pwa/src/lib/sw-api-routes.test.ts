import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendPathPrefixes } from '@corridor/api/light';
import { PORTAL_ROUTE_ROOTS } from '../../api-paths.ts';

const script = readFileSync(join(__dirname, '../../public/sw-api-routes.js'), 'utf8');

interface Rule {
  condition: { or: { urlPattern: { pathname: string } }[] };
  source: string;
}

/** Runs the worker script against a fake worker scope and fires its install event. */
function install(withAddRoutes: boolean): { added: Rule[]; waited: number } {
  let listener: ((event: unknown) => void) | undefined;
  const scope = { addEventListener: (type: string, fn: (event: unknown) => void) => type === 'install' && (listener = fn) };
  new Function('self', script)(scope);
  const added: Rule[] = [];
  let waited = 0;
  const event = {
    waitUntil: () => waited++,
    ...(withAddRoutes ? { addRoutes: (rule: Rule) => (added.push(rule), Promise.resolve()) } : {}),
  };
  listener?.(event);
  return { added, waited };
}

describe('service worker static routes', () => {
  it('sends every backend path prefix but the worker-cached portal config straight to the network', () => {
    const { added, waited } = install(true);
    expect(added).toHaveLength(1);
    expect(added[0]!.source).toBe('network');
    const patterns = added[0]!.condition.or.map((c) => c.urlPattern.pathname);
    const expected = backendPathPrefixes(PORTAL_ROUTE_ROOTS).filter((p) => p !== 'portal-config.json');
    expect(patterns).toEqual(expected.flatMap((p) => [`/${p}`, `/${p}/*`]));
    expect(waited).toBe(1);
  });

  it('leaves a browser without static routing as it was', () => {
    expect(install(false)).toEqual({ added: [], waited: 0 });
  });
});

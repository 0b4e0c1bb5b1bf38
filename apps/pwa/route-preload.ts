import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * Which chunks a lazy import preloads with it. Vite lists, beside each `import()`, every chunk the imported
 * one needs, and fetches them all at once when the import runs; without that list the browser finds a
 * chunk's imports only once the chunk has arrived and been parsed, one level of the import graph at a time.
 *
 * - Imports made by the login route's chunks (the entry and its static imports) list only their CSS: the
 *   list is bytes of the first visit's critical path (with every route lazy in the entry it was 3 KB gzip),
 *   and the session, i18next and the router it loads after the form are a few chunks each.
 * - Every other import lists every chunk it needs: the route tree's lazy routes above all. The merchant's
 *   home came in about seven such levels, each a round trip of a slow line: the home's code the login page
 *   fetches while the user types was still arriving at the click (docs/performance.md, 2026-12-06). From the
 *   service worker a level costs milliseconds, so the offline start did not move. The lists live in the
 *   route tree's chunk, held to its own budget (scripts/size-budget.mjs).
 *
 * The login route's chunks are read from the bundle before Vite writes the lists (`order: 'pre'`).
 */
export function routePreload(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  const loginChunks = new Set<string>();
  const plugin: Plugin = {
    name: 'corridor:route-preload',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loginChunks.clear();
        const walk = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || loginChunks.has(fileName)) return;
          loginChunks.add(fileName);
          chunk.imports.forEach(walk);
        };
        for (const [fileName, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) walk(fileName);
      },
    },
  };
  // `deps` holds the JS chunks only: Vite adds the CSS an import needs either way (it must be in before the chunk runs).
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_file, deps, { hostId, hostType }) =>
    hostType === 'html' || !loginChunks.has(hostId) ? deps : [];
  return { plugin, resolveDependencies };
}

/*
 * Loaded by the service worker (workbox importScripts). Backend calls go straight to the network
 * without waking the worker: a worker with a fetch handler otherwise gets a fetch event for every
 * request of the pages it controls, API calls included, though it never answers them (an outbox
 * drain of 1,000 payments paid that hop 1,000 times). Chromium's static routing (addRoutes, install
 * event only); elsewhere nothing changes. The prefixes are the contract's (apps/pwa/api-paths.ts,
 * kept equal by sw-api-routes.test.ts) less /portal-config.json, which the worker caches itself.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const prefixes = [
    'api',
    'c',
    'docs',
    'files',
    'm',
    'merchant/v1',
    'msp',
    'oauth',
    'openapi.json',
    'public',
    's',
    'sp',
    'transactions',
    'tsp',
    'users',
    'v1',
    'v2',
  ];
  const or = prefixes.flatMap((p) => [{ urlPattern: { pathname: `/${p}` } }, { urlPattern: { pathname: `/${p}/*` } }]);
  // A refused rule set leaves the worker as it was (every request through its fetch handler).
  event.waitUntil(event.addRoutes({ condition: { or }, source: 'network' }).catch(() => {}));
});

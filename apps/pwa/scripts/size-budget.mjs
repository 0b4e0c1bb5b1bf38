#!/usr/bin/env node
/**
 * The portal's size budget, read from the build's manifest (dist/.vite/manifest.json):
 *   - the login route (the entry and its static imports, with their CSS: the entry shows the form before
 *     the router loads) stays within LOGIN_BUDGET gzip: it is what a first visit downloads;
 *   - the router with its route tree, and what loads after the first paint, each within ROUTE_BUDGET;
 *   - every other route's own chunks (what opening it adds to the entry, the router and the layouts above
 *     it) stay within ROUTE_BUDGET gzip;
 *   - each area's first screen after sign-in (its layout and its wallet list) loads no zod: the portal checks
 *     no answer against the contract and reads search params by hand, and zod's ~25 KB gzip, fetched and
 *     evaluated on a slow phone's CPU, stood between the sign-in's answers and the wallet rows
 *     (docs/performance.md);
 *   - the portal's own font files (woff2, already compressed) stay within FONT_BUDGET together: the service
 *     worker precaches every one of them, so each face or subset added is downloaded by every install.
 * Exits 1 naming the route and its chunks when a budget is passed. Run after `vite build`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closure, gzipOf as gzipIn, gzipTotal, loginRouteFiles, readManifest, ROUTER_KEY } from './login-route-files.mjs';

/**
 * The login route's budget (issue "fast on a slow line"): 150 KB gzip. The first screen carries React
 * and its own strings and controls; the router, the session machine (xstate), i18next, tailwind-merge,
 * the call table, the service worker and every other screen's code load after it.
 */
const LOGIN_BUDGET = 150 * 1024;
export const ROUTE_BUDGET = 100 * 1024;
/** Inter's latin (48 KB) and Noto Sans Arabic's arabic (166 KB) variable faces, with a little room. */
const FONT_BUDGET = 240 * 1024;

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** @type {import('./login-route-files.d.mts').Manifest} */
let manifest;
try {
  manifest = readManifest(dist);
} catch (error) {
  console.error(`size budget: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const gzipOf = (file) => gzipIn(dist, file);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => gzipTotal(dist, files);

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
/**
 * What the entry loads on every start beside or right after the login form's first paint (main.tsx):
 * the session machine (xstate, lib/lazy-session.ts), i18next and the full translations. Not part of
 * the login route (the form does not wait for them), and already there when any other route opens;
 * they are held to ROUTE_BUDGET on their own line.
 */
const AFTER_FIRST_PAINT = 'src/lib/i18n.ts';
const SESSION_MACHINE = 'src/lib/session.ts';
// The bundler may give the module its own dynamic entry or fold it into a shared chunk named after it
// (when a lazy screen imports it too); either way the entry's dynamic imports name it.
const afterFirstPaintKeys = Object.keys(manifest).filter(
  (key) =>
    key === AFTER_FIRST_PAINT ||
    key === SESSION_MACHINE ||
    (manifest[key].name === 'i18n' && !manifest[key].src && entryKeys.some((e) => manifest[e].dynamicImports?.includes(key))),
);
const afterFirstPaintFiles = new Set([...closure(manifest, afterFirstPaintKeys)].filter((file) => !closure(manifest, entryKeys).has(file)));
const entryFiles = closure(manifest, entryKeys);
/** Route chunks are keyed by their route file (`src/routes/...tsx?tsr-split=component`). */
const routeOf = (key) => /^src\/routes\/(.+?)\.tsx(\?|$)/.exec(key)?.[1];
const routes = new Map();
for (const key of Object.keys(manifest)) {
  const route = routeOf(key);
  if (route && manifest[key].isDynamicEntry) routes.set(route, [...(routes.get(route) ?? []), key]);
}
if (!manifest[ROUTER_KEY]) {
  console.error(`size budget: the manifest has no chunk of ${ROUTER_KEY}`);
  process.exit(1);
}
/** The router and the route tree: loaded on every start before any route but the first visit's login form. */
const routerFiles = new Set([...closure(manifest, [ROUTER_KEY])].filter((file) => !entryFiles.has(file)));

let failed = false;
const report = (name, files, budget) => {
  const size = total(files);
  const over = size > budget;
  failed ||= over;
  console.log(`${over ? 'FAIL' : 'ok  '} ${name.padEnd(40)} ${kb(size).padStart(10)} gzip (budget ${kb(budget)})`);
  if (over) {
    for (const file of [...files].sort((a, b) => gzipOf(b) - gzipOf(a))) console.log(`       ${kb(gzipOf(file)).padStart(10)}  ${file}`);
  }
};

// The same files the browser bench counts (login-route-files.mjs): what loads before the form is interactive.
const loginFiles = loginRouteFiles(manifest);
report('login route (JS + CSS)', loginFiles, LOGIN_BUDGET);
report('after first paint (session, i18next)', afterFirstPaintFiles, ROUTE_BUDGET);
report('router and route tree', routerFiles, ROUTE_BUDGET);
for (const [route, keys] of [...routes].sort()) {
  if (route === 'login') continue;
  // What opening the route adds: not the entry, the router, nor the layouts above it (`merchant` for `merchant/settings`).
  const parts = route.split('/');
  const above = parts
    .slice(0, -1)
    .map((_, i) => parts.slice(0, i + 1).join('/'))
    .flatMap((parent) => routes.get(parent) ?? []);
  const loaded = new Set([...entryFiles, ...afterFirstPaintFiles, ...routerFiles, ...closure(manifest, above)]);
  const own = new Set([...closure(manifest, keys)].filter((file) => !loaded.has(file)));
  report(`route ${route}`, own, ROUTE_BUDGET);
}
// Each area's home after sign-in: its layout and the screen it opens on (roleHome; the merchant's wallet list,
// the service provider's wallet list, a data table).
const HOMES = [
  ["merchant's home", ['merchant', 'merchant/wallet/index']],
  ["service provider's home", ['service-provider', 'service-provider/wallet/index']],
];
/** A name zod's core keeps through minification (its classes are made by name at run time). */
const ZOD_MARK = '$ZodType';
const hasZod = (file) => file.endsWith('.js') && readFileSync(join(dist, file), 'utf8').includes(ZOD_MARK);
for (const [home, homeRoutes] of HOMES) {
  const missing = homeRoutes.filter((route) => !routes.has(route));
  const withZod = [
    ...closure(
      manifest,
      homeRoutes.flatMap((route) => routes.get(route) ?? []),
    ),
  ].filter(hasZod);
  const fails = missing.length > 0 || withZod.length > 0;
  failed ||= fails;
  console.log(`${fails ? 'FAIL' : 'ok  '} ${home} after sign-in: no zod`);
  for (const route of missing) console.log(`       no chunk of the route ${route}`);
  for (const file of withZod) console.log(`       zod in ${file}`);
}
const fontFiles = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.woff2'));
const fontBytes = fontFiles.reduce((sum, file) => sum + statSync(join(dist, 'assets', file)).size, 0);
const fontsOver = fontBytes > FONT_BUDGET;
failed ||= fontsOver;
console.log(
  `${fontsOver ? 'FAIL' : 'ok  '} ${`fonts (${fontFiles.length} woff2, precached)`.padEnd(40)} ${kb(fontBytes).padStart(10)}      (budget ${kb(FONT_BUDGET)})`,
);
if (fontsOver) for (const file of fontFiles) console.log(`       ${kb(statSync(join(dist, 'assets', file)).size).padStart(10)}  assets/${file}`);
if (failed) {
  console.error('size budget failed: load the heavy code with the routes that use it (dynamic import)');
  process.exit(1);
}

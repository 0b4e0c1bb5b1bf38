/**
 * The login page's files, one definition for the size check (size-budget.mjs) and the browser bench
 * (e2e/bench/portal.bench.ts): what the browser loads before the login form is interactive. That is
 * index.html's entry with its static imports (deep) and their CSS: the import graph the browser follows
 * from the script and modulepreload tags of index.html, read from the build's manifest
 * (dist/.vite/manifest.json). The entry shows the form itself on a first visit (main.tsx); what it imports
 * dynamically (the router and its routes, i18next, the call table, the toasts, the service worker) loads
 * after the form and is not part of it; the bench checks that the browser agrees.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The router and its route tree (src/app-router.tsx): loaded by the entry after the form, before any other route. */
export const ROUTER_KEY = 'src/app-router.tsx';

/** The build's manifest, or an error naming what is missing. */
export function readManifest(dist) {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing; build the portal first`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The files the chunks of `keys` load before they run: themselves, their static imports (deep) and their CSS. */
export function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return files;
}

/** The login page's JS and CSS files (paths under dist, e.g. `assets/index-abc.js`). */
export function loginRouteFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  return closure(manifest, entries);
}

const gzipCache = new Map();
/** gzip (level 9) bytes of one built file. */
export function gzipOf(dist, file) {
  const path = join(dist, file);
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipCache.get(path);
}

/** gzip bytes of a set of built files, together. */
export function gzipTotal(dist, files) {
  return [...files].reduce((sum, file) => sum + gzipOf(dist, file), 0);
}

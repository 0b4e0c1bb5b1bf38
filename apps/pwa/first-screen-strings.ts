import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The translation namespaces the first screen shows (login, loader, footer, offline badge, language). */
const FIRST_SCREEN_NAMESPACES = ['app', 'loader', 'session', 'marketing', 'language'];

/**
 * `import en from '.../en.json?first-screen'` gives that file cut to FIRST_SCREEN_NAMESPACES, so the
 * login form paints with its strings in the entry (~1 KB gzip a language) while i18next loads beside it.
 */
export function firstScreenStrings(): Plugin {
  return {
    name: 'corridor-first-screen-strings',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'first-screen' || !file) return null;
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(FIRST_SCREEN_NAMESPACES.map((name) => [name, all[name]]));
      return { code: `export default ${JSON.stringify(picked)};`, moduleType: 'js' };
    },
  };
}

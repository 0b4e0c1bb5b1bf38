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

/**
 * The login route's code (a lazy chunk of the router) is fetched with the entry, not after it has run:
 * `<link rel="modulepreload">` for that chunk and its imports in index.html saves a round trip on a
 * first visit. The other routes still load theirs when opened.
 */
export function preloadLoginRoute(): Plugin {
  return {
    name: 'corridor-preload-login-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const login = chunks.find((chunk) => chunk.facadeModuleId?.includes('src/routes/login.tsx?tsr-split=component'));
        if (!login) return html;
        const files = new Set<string>();
        const walk = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
        };
        walk(login.fileName);
        const already = (fileName: string) => html.includes(`/${fileName}"`);
        return [...files]
          .filter((fileName) => !already(fileName))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}

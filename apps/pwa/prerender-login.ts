import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenStrings } from './first-screen-strings.ts';

/** The shell's empty root, which the login page's copy fills. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * After the build, `login.html`: the built shell (index.html) with the login form's markup in its root
 * (src/login-markup.tsx, rendered in Node through Vite's module loader with the portal's own alias and
 * first-screen strings). The server answers `/login` with it, so a first visit's form shows and takes input
 * once the HTML and its stylesheet have arrived, before the scripts (~1 s sooner on slow 4G). Every other
 * route, and the service worker's navigations, keep the empty shell.
 */
export function prerenderLogin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'corridor-prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const loader = await createServer({
        root: config.root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        plugins: [firstScreenStrings(), react()],
        resolve: { alias: config.resolve.alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await loader.ssrLoadModule('/src/login-markup.tsx')) as { loginMarkup: () => string };
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} for the login form's markup`);
        writeFileSync(join(outDir, 'login.html'), shell.replace(EMPTY_ROOT, `<div id="root">${module.loginMarkup()}</div>`));
      } finally {
        await loader.close();
      }
    },
  };
}

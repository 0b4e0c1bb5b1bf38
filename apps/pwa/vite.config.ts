import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { API_PATH_PATTERN } from './api-paths.ts';
import { firstScreenChunk, firstScreenStrings } from './first-screen-strings.ts';
import { prerenderLogin } from './prerender-login.ts';
import { routePreload } from './route-preload.ts';

const firstScreen = firstScreenChunk();
const preload = routePreload();
const apiTarget = process.env.CORRIDOR_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    firstScreenStrings(),
    firstScreen.plugin,
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Corridor',
        short_name: 'Corridor',
        description: 'Cross-border B2B payments back office',
        theme_color: '#0a0a0a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and translations are precached (the manifest and its icons are added by the plugin)
        // so the portal starts with no network.
        globPatterns: ['**/*.{js,css,html,svg,json,woff2}'],
        // The login page's first-visit copy (prerender-login.ts): under the worker, every page starts from the shell.
        globIgnores: ['login.html'],
        // Files under assets/ carry a content hash, except the translations: those need a revision.
        dontCacheBustURLsMatching: /^assets\/(?!i18n\/)/,
        // Backend calls skip the worker altogether where the browser can route them (public/sw-api-routes.js).
        importScripts: ['sw-api-routes.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [API_PATH_PATTERN, /^\/docs/, /^\/openapi\.json$/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/portal-config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'portal-config', networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
    // Brotli and gzip copies made once at build time; the server picks one by Accept-Encoding, so a slow
    // line gets ~4x fewer bytes without the server compressing on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // login.html: the shell with the login form's markup, which the server answers /login with.
    prerenderLogin(),
    preload.plugin,
  ],
  build: {
    // scripts/size-budget.mjs walks each route's chunks from the manifest.
    manifest: true,
    // What a lazy import preloads with it (route-preload.ts): every chunk it needs, except where the login
    // route's chunks make the import. index.html keeps its `modulepreload` tags: the entry's own imports
    // (React, the first screen's chunk) are fetched beside it, not after it has arrived.
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        // Long-lived libraries and the contract change at different paces from the screens; separate
        // chunks keep each under the size budget and let the browser keep what did not change.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // The router only: table-core belongs with the list screens, not with the first screen.
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
              priority: 25,
            },
            // What the login form needs besides React and the router, in one file (first-screen-strings.ts).
            { name: 'first-screen', test: firstScreen.test, priority: 20 },
          ],
        },
      },
    },
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      // Backend calls go to the reference server in development; portal routes stay with Vite.
      [API_PATH_PATTERN.source]: { target: apiTarget, changeOrigin: false },
    },
  },
});

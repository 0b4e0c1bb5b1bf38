// One lint set-up for the whole workspace (ARCHITECTURE 1). `pnpm lint` runs with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { fileURLToPath } from 'node:url';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dev-dist/**', '**/coverage/**', '**/.data/**', '**/routeTree.gen.ts', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // CommonJS tooling (the lint's import resolver is loaded with require by eslint-module-utils).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The tree's layering (ARCHITECTURE 1): apps never import each other; in the portal, routes compose
    // features and a feature never reaches into another one (shared code lives in components, lib, shared);
    // in the server, route files stay thin and never import each other.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/lint/import-resolver.cjs', import.meta.url))]: {} },
      'boundaries/elements': [
        { type: 'pwa-feature', pattern: 'apps/pwa/src/features/*', capture: ['feature'] },
        { type: 'pwa-route', pattern: 'apps/pwa/src/routes' },
        { type: 'pwa-shared', pattern: 'apps/pwa/src/(components|lib|shared)' },
        // The server's shared infrastructure (apps/server/README.md, "Areas"): open to every area, imports none.
        { type: 'server-shared', pattern: 'apps/server/src/(db|http|lib|cache|tenant|cluster)' },
        // Tools that write every area's tables by design: the demo seed and the test helpers.
        { type: 'server-tool', pattern: 'apps/server/src/(seed|test)' },
        // Every other folder of apps/server/src is an area.
        { type: 'server-area', pattern: 'apps/server/src/*', capture: ['area'] },
        { type: 'app', pattern: 'apps/*', capture: ['app'] },
        { type: 'package', pattern: 'packages/*', capture: ['package'] },
      ],
      // A server route file is a file, not a folder: classified by file descriptors (plugin v7).
      'boundaries/files': [
        { category: 'server-route', pattern: '**/*-routes.ts' },
        { category: 'test', pattern: '**/*.test.ts' },
        // What an area offers the others: its services and its types (apps/server/README.md, "Areas").
        { category: 'server-public', pattern: ['**/*-service.ts', '**/*-types.ts'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Two route files of the server are one element (the server app): check imports inside an element too.
          checkInternals: true,
          policies: [
            {
              from: { element: { type: 'app' } },
              disallow: { to: { element: { type: 'app', captured: { app: '!{{ from.element.captured.app }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['pwa-feature', 'pwa-route', 'pwa-shared'] } } },
              disallow: { to: { element: { type: 'app', captured: { app: '!pwa' } } } },
            },
            {
              from: { file: { categories: 'server-route' } },
              disallow: { to: { file: { categories: 'server-route' } } },
            },
            {
              from: { element: [{ type: 'app', captured: { app: '!pwa' } }, { type: 'package' }] },
              disallow: { to: { element: { types: { anyOf: ['pwa-feature', 'pwa-route', 'pwa-shared'] } } } },
            },
            {
              from: { element: { type: 'pwa-feature' } },
              disallow: { to: { element: [{ type: 'pwa-feature', captured: { feature: '!{{ from.element.captured.feature }}' } }, { type: 'pwa-route' }] } },
            },
            {
              from: { element: { type: 'pwa-shared' } },
              disallow: { to: { element: { types: { anyOf: ['pwa-feature', 'pwa-route'] } } } },
            },
            {
              from: { element: { type: 'package' } },
              disallow: { to: { element: { type: 'app' } } },
            },
            {
              from: { element: { types: { anyOf: ['server-shared', 'server-tool', 'server-area'] } } },
              disallow: { to: { element: [{ type: 'app', captured: { app: '!server' } }, { types: { anyOf: ['pwa-feature', 'pwa-route', 'pwa-shared'] } }] } },
            },
            {
              // Shared infrastructure stands below every area: it imports none.
              from: { element: { type: 'server-shared' } },
              disallow: { to: { element: { type: 'server-area' } } },
            },
            {
              // An area reaches another only through that area's services and types.
              from: { element: { type: 'server-area' } },
              disallow: { to: { element: { type: 'server-area', captured: { area: '!{{ from.element.captured.area }}' } } } },
            },
            {
              from: { element: { type: 'server-area' } },
              allow: { to: { element: { type: 'server-area' }, file: { categories: 'server-public' } } },
            },
            {
              // A test sets up what it checks through any area.
              from: { element: { types: { anyOf: ['server-shared', 'server-area'] } }, file: { categories: 'test' } },
              allow: { to: { element: { type: 'server-area' } } },
            },
          ],
        },
      ],
    },
  },
);

set -e
P="npx -y pnpm@10"
$P add -w -D typescript@5.9 eslint@9 @eslint/js@9 typescript-eslint eslint-plugin-react-hooks globals vitest@4.1 @vitest/coverage-v8@4.1 tsx @types/node@20 fast-check
$P --filter @corridor/domain add decimal.js
$P --filter @corridor/api add zod@4 @corridor/domain@workspace:*
$P --filter @corridor/state-machines add xstate @corridor/api@workspace:* @corridor/domain@workspace:*
$P --filter @corridor/server add fastify @fastify/multipart @fastify/static drizzle-orm @electric-sql/pglite pg jose uuid@11 @scalar/api-reference@1.46 zod@4 @corridor/api@workspace:* @corridor/domain@workspace:*
$P --filter @corridor/server add -D drizzle-kit @types/pg
$P --filter @corridor/cli add commander@14 cli-table3 @inquirer/password@4 @corridor/api@workspace:* @corridor/domain@workspace:*
$P --filter @corridor/pwa add react@19 react-dom@19 @tanstack/react-router @tanstack/react-table@8 xstate @xstate/react dexie dexie-react-hooks i18next@26 react-i18next@17 i18next-http-backend radix-ui class-variance-authority clsx tailwind-merge lucide-react workbox-window js-cookie @corridor/api@workspace:* @corridor/domain@workspace:* @corridor/state-machines@workspace:*
$P --filter @corridor/pwa add -D vite@8 @vitejs/plugin-react@6 vite-plugin-pwa @tanstack/router-plugin tailwindcss@4 @tailwindcss/vite @types/react @types/react-dom @types/js-cookie fake-indexeddb jsdom@26 @testing-library/react
$P --filter @corridor/e2e add -D playwright-core

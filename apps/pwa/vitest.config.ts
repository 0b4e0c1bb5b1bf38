import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstScreenStrings } from './first-screen-strings.ts';

export default defineConfig({
  plugins: [firstScreenStrings(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    // Vitest runs one file at a time on a 2-core machine by default (cores - 1); two halve the wait.
    // Files stay isolated: many mock modules.
    maxWorkers: 2,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});

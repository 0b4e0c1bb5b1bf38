import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations in ./drizzle from the schema; the server applies them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used; migrations are applied from code at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});

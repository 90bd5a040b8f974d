import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/billing/drizzle.config.ts --name <n>` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/billing/src/data/schema.ts',
  out: './services/billing/src/data/migrations',
  schemaFilter: ['billing'],
});

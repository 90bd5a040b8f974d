import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/analytics/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/analytics/src/data/schema.ts',
  out: './services/analytics/src/data/migrations',
  schemaFilter: ['analytics'],
});

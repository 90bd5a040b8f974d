import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/library/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/library/src/data/schema.ts',
  out: './services/library/src/data/migrations',
  schemaFilter: ['library'],
});

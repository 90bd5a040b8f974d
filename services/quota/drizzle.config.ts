import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/quota/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/quota/src/data/schema.ts',
  out: './services/quota/src/data/migrations',
  schemaFilter: ['quota'],
});

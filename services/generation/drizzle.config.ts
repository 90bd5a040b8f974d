import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/generation/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/generation/src/data/schema.ts',
  out: './services/generation/src/data/migrations',
  schemaFilter: ['generation'],
});

import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/auth/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/auth/src/data/schema.ts',
  out: './services/auth/src/data/migrations',
  schemaFilter: ['auth'],
});

import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/waitlist/drizzle.config.ts` after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/waitlist/src/data/schema.ts',
  out: './services/waitlist/src/data/migrations',
  schemaFilter: ['waitlist'],
});

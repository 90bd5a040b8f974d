import { pgSchema } from 'drizzle-orm/pg-core';

/**
 * The service's own PostgreSQL schema. Analyses live in the cache (Redis or in-process), not
 * here; generated sequences and the outbox arrive with sequence generation.
 */
export const generationSchema = pgSchema('generation');

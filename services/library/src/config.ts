import { positiveInt, serviceSettings, sharedSettings } from '@seqgen/kit';
import type { z } from 'zod';

export const LIBRARY_DEFAULT_PORT = 8105;

export const libraryConfigShape = {
  ...serviceSettings(LIBRARY_DEFAULT_PORT),
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  ...sharedSettings.trustedProxies,
  /** Saved sequences one user may keep; saving more answers 409 until some are deleted. */
  SAVED_SEQUENCES_PER_USER: positiveInt(1000),
  SAVES_PER_HOUR: positiveInt(120),
  FEEDBACK_PER_HOUR: positiveInt(60),
};

export type LibraryConfig = z.infer<z.ZodObject<typeof libraryConfigShape>>;

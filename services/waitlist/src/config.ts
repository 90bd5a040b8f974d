import { serviceSettings, sharedSettings } from '@seqgen/kit';

export const WAITLIST_DEFAULT_PORT = 8101;

export const waitlistConfigShape = {
  ...serviceSettings(WAITLIST_DEFAULT_PORT),
  ...sharedSettings.sessions,
  ...sharedSettings.publicUrl,
  ...sharedSettings.trustedProxies,
};

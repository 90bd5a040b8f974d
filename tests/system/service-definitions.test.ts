/**
 * Every service is defined the one way (issue 14, item 1: kit defineService) and names the
 * settings of its own that hold secrets, so its logger redacts them (the kit redacts only its own:
 * SESSION_SECRET, DATABASE_URL, REDIS_URL; services/kit/src/logger.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyticsService } from '../../services/analytics/src/main.ts';
import { authService } from '../../services/auth/src/main.ts';
import { billingService } from '../../services/billing/src/main.ts';
import { generationService } from '../../services/generation/src/main.ts';
import { libraryService } from '../../services/library/src/main.ts';
import { quotaService } from '../../services/quota/src/main.ts';
import { waitlistService } from '../../services/waitlist/src/main.ts';

const services = [
  authService,
  waitlistService,
  generationService,
  quotaService,
  libraryService,
  billingService,
  analyticsService,
];
const KIT_SECRETS = new Set(['SESSION_SECRET', 'DATABASE_URL', 'REDIS_URL']);
/** Names that hold a credential: keys, secrets, passwords, and URLs that may carry user:password. */
const SECRET_NAME = /KEY$|SECRET|PASSWORD|TOKEN|^SMTP_URL$/;

describe('service definitions', () => {
  it.each(services.map((service) => [service.name, service] as const))(
    '%s names every secret setting of its own for redaction',
    (_name, service) => {
      const secretLooking = Object.keys(service.settings).filter(
        (setting) => SECRET_NAME.test(setting) && !KIT_SECRETS.has(setting) && !/PUBLISHABLE/.test(setting),
      );
      expect([...(service.secretSettings ?? [])].sort()).toEqual(secretLooking.sort());
    },
  );
});

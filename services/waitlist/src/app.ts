import { createService, type Logger, type Service } from '@seqgen/kit';
import { type WaitlistRouteDeps, waitlistRoutes } from './routes/waitlist.ts';

export interface WaitlistAppDeps extends WaitlistRouteDeps {
  logger: Logger;
  readiness: () => Promise<void>;
}

/** The waitlist service without a listener: main.ts listens, tests inject. */
export function createApp(deps: WaitlistAppDeps): Service {
  const app = createService({ name: 'waitlist', logger: deps.logger, readiness: deps.readiness });
  app.register(async (scope) => waitlistRoutes(scope as Service, deps));
  return app;
}

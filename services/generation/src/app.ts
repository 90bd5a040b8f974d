import { createService, type Logger, type Service } from '@seqgen/kit';
import { type AnalysisRouteDeps, analysisRoutes } from './routes/analysis.ts';
import { type EmailRouteDeps, emailRoutes } from './routes/emails.ts';

export interface GenerationAppDeps extends AnalysisRouteDeps, EmailRouteDeps {
  logger: Logger;
  readiness: () => Promise<void>;
  /** The public origin users reach; a write from elsewhere is refused (CSRF). */
  publicUrl?: string | undefined;
  /** Peers whose X-Forwarded-* headers are believed (the gateway): the CSRF check needs the host users addressed. */
  trustedProxies?: string | string[];
}

/** The generation service without a listener: main.ts listens, tests inject. */
export function createApp(deps: GenerationAppDeps): Service {
  const app = createService({
    name: 'generation',
    logger: deps.logger,
    readiness: deps.readiness,
    trustProxy: deps.trustedProxies ?? false,
    publicUrl: deps.publicUrl,
  });
  app.register(analysisRoutes, deps);
  app.register(emailRoutes, deps);
  return app;
}

import { createService, type Logger, type Service } from '@seqgen/kit';
import { type AnalysisRouteDeps, analysisRoutes } from './routes/analysis.ts';

export interface GenerationAppDeps extends AnalysisRouteDeps {
  logger: Logger;
  readiness: () => Promise<void>;
}

/** The generation service without a listener: main.ts listens, tests inject. */
export function createApp(deps: GenerationAppDeps): Service {
  const app = createService({ name: 'generation', logger: deps.logger, readiness: deps.readiness });
  app.register(async (scope) => analysisRoutes(scope as Service, deps));
  return app;
}

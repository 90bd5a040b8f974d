import type { z } from 'zod';
import type { Bus, NoRequests, RequestCatalogue } from './bus/types.ts';
import { loadConfig, type ServiceSettings, type SettingsCheck } from './config.ts';
import type { EventTables } from './event-tables.ts';
import { type Infrastructure, listen, openInfrastructure } from './infrastructure.ts';
import type { Lifecycle } from './lifecycle.ts';
import { createLogger, type LogDestination, type Logger } from './logger.ts';
import { Outbox } from './outbox.ts';
import type { Service } from './service.ts';
import {
  cachedLiveness,
  createSessionVerifier,
  resolveSessionSecret,
  type SessionLiveness,
  type SessionVerifier,
} from './session.ts';

type Env = Record<string, string | undefined>;

/** What a service builds its app from: its parsed settings and what the kit opened for it. */
export interface ServiceContext<Config, R extends RequestCatalogue = NoRequests> {
  config: Config;
  logger: Logger;
  /** Database, bus and store, real or embedded by their settings (docs/architecture.md §2). */
  infra: Infrastructure<R>;
  /** Closes in reverse order of registration: register what `build` opens. */
  lifecycle: Lifecycle;
  /** The outbox, its relay started and stopped for the service (the definition names its tables). */
  outbox(): Outbox;
  /** TRUSTED_PROXIES as a list (empty when the service has no such setting). */
  trustedProxies: string[];
  /** SESSION_SECRET, or the one kept under DATA_DIR locally (kit session.ts). */
  sessionSecret(): Uint8Array;
  /** Session verification: the signature, then the definition's `sessionLiveness`, its answers cached. */
  sessions(): SessionVerifier;
}

export interface ServiceDefinition<S extends z.ZodRawShape, R extends RequestCatalogue = NoRequests> {
  name: string;
  /** The service's settings: kit's serviceSettings(port), the sharedSettings it uses, its own. */
  settings: S;
  /** Its settings that hold secrets: redacted wherever its logger meets them (kit logger.ts). */
  secretSettings?: readonly (keyof S & string)[];
  /** Rules between settings, reported with the malformed ones before anything opens. */
  check?: SettingsCheck<z.infer<z.ZodObject<S>>>;
  /** The service's drizzle migrations (its own PostgreSQL schema). */
  migrationsFolder: string;
  /** The service's outbox and processed-events tables: the relay is started and stopped for it. */
  outbox?: EventTables;
  /** The request/reply subjects its bus carries (proto's requestCatalogue); none when left out. */
  requests?: R;
  /**
   * How `sessions()` asks whether a signed session is still live (proto's askSessionStatus, over
   * the bus); the kit caches the answers. Auth, which owns the sessions, builds its own verifier.
   */
  sessionLiveness?: (bus: Bus<R>) => SessionLiveness;
  /** Builds the app; `details` go on the service's one "listening" line. */
  build(context: ServiceContext<z.infer<z.ZodObject<S>>, R>): Promise<BuiltService> | BuiltService;
}

export interface BuiltService {
  app: Service;
  details?: Record<string, unknown>;
}

export interface StartOptions {
  /** Where the log lines go; stdout by default. */
  logDestination?: LogDestination;
}

export interface StartedService {
  app: Service;
  url: string;
  lifecycle: Lifecycle;
}

export interface DefinedService<S extends z.ZodRawShape> {
  name: string;
  settings: S;
  secretSettings: readonly string[] | undefined;
  /**
   * Parses the settings, opens the infrastructure, builds and listens. `npm start` passes one
   * lifecycle for every service; alone, the service gets its own (kit run-alone.ts). A
   * configuration mistake stops the process with a message naming the setting, never a stack.
   */
  start(env?: Env, lifecycle?: Lifecycle, options?: StartOptions): Promise<StartedService>;
}

/**
 * One way to define a service (docs/architecture.md §2): the shared wiring — settings and the
 * rules between them, logger, infrastructure, outbox relay, session verification, listen and an
 * ordered shutdown — lives here, so a service's main.ts holds only its own settings and what it
 * builds from them.
 */
export function defineService<S extends z.ZodRawShape, R extends RequestCatalogue = NoRequests>(
  definition: ServiceDefinition<S, R>,
): DefinedService<S> {
  const { name, settings } = definition;
  return {
    name,
    settings,
    secretSettings: definition.secretSettings,
    async start(env = process.env, lifecycle, options = {}) {
      const config = loadConfig(settings, env, definition.check);
      const base = config as ServiceSettings & { SESSION_SECRET?: string; TRUSTED_PROXIES?: string };
      const logger = createLogger({
        service: name,
        level: base.LOG_LEVEL,
        destination: options.logDestination,
        secretSettings: definition.secretSettings,
      });
      const infra = await openInfrastructure({
        service: name,
        config: base,
        logger,
        migrationsFolder: definition.migrationsFolder,
        requests: definition.requests,
        lifecycle,
      });
      const outbox = definition.outbox
        ? new Outbox({ db: infra.database.db, tables: definition.outbox, bus: infra.bus, logger })
        : undefined;
      if (outbox) {
        outbox.start();
        infra.lifecycle.add('outbox relay', () => outbox.stop());
      }
      let sessions: SessionVerifier | undefined;
      const context: ServiceContext<z.infer<z.ZodObject<S>>, R> = {
        config,
        logger,
        infra,
        lifecycle: infra.lifecycle,
        outbox: () => {
          if (!outbox) throw new Error(`${name}: defineService({ outbox }) names no outbox tables`);
          return outbox;
        },
        trustedProxies: (base.TRUSTED_PROXIES ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
        sessionSecret: () => resolveSessionSecret(base),
        sessions: () => {
          const ask = definition.sessionLiveness;
          if (!ask) throw new Error(`${name}: defineService({ sessionLiveness }) says no way to check a session`);
          sessions ??= createSessionVerifier(resolveSessionSecret(base), {
            // Auth broadcasts ended sessions, so live answers are kept long (issue 25, item 2).
            liveness: cachedLiveness(ask(infra.bus), { logger, revocations: infra.bus }),
          });
          return sessions;
        },
      };
      const { app, details } = await definition.build(context);
      const url = await listen(app, { host: base.HOST, port: base.PORT }, infra.lifecycle, details);
      return { app, url, lifecycle: infra.lifecycle };
    },
  };
}

import type { z } from 'zod';
import { loadConfig, type ServiceSettings, type SettingsCheck } from './config.ts';
import type { EventTables } from './event-tables.ts';
import { type Infrastructure, listen, openInfrastructure } from './infrastructure.ts';
import type { Lifecycle } from './lifecycle.ts';
import { createLogger, type LogDestination, type Logger } from './logger.ts';
import { Outbox } from './outbox.ts';
import type { Service } from './service.ts';
import { busSessionVerifier, resolveSessionSecret, type SessionVerifier } from './session.ts';

type Env = Record<string, string | undefined>;

/** What a service builds its app from: its parsed settings and what the kit opened for it. */
export interface ServiceContext<C> {
  config: C;
  logger: Logger;
  /** Database, bus and store, real or embedded by their settings (docs/architecture.md §2). */
  infra: Infrastructure;
  /** Closes in reverse order of registration: register what `build` opens. */
  lifecycle: Lifecycle;
  /** The outbox, its relay started and stopped for the service (the definition names its tables). */
  outbox(): Outbox;
  /** TRUSTED_PROXIES as a list (empty when the service has no such setting). */
  trustedProxies: string[];
  /** SESSION_SECRET, or the one kept under DATA_DIR locally (kit session.ts). */
  sessionSecret(): Uint8Array;
  /** Session verification with auth asked over the bus whether a session is still live. */
  sessions(): SessionVerifier;
}

export interface ServiceDefinition<S extends z.ZodRawShape> {
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
  /** Builds the app; `details` go on the service's one "listening" line. */
  build(context: ServiceContext<z.infer<z.ZodObject<S>>>): Promise<BuiltService> | BuiltService;
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
export function defineService<S extends z.ZodRawShape>(definition: ServiceDefinition<S>): DefinedService<S> {
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
      const context: ServiceContext<z.infer<z.ZodObject<S>>> = {
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
          sessions ??= busSessionVerifier(base, infra.bus, logger);
          return sessions;
        },
      };
      const { app, details } = await definition.build(context);
      const url = await listen(app, { host: base.HOST, port: base.PORT }, infra.lifecycle, details);
      return { app, url, lifecycle: infra.lifecycle };
    },
  };
}

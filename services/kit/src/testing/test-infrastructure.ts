import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import pg from 'pg';
import { NatsBus } from '../bus/nats.ts';
import type { NoRequests, RequestCatalogue } from '../bus/types.ts';
import { type Infrastructure, openInfrastructure } from '../infrastructure.ts';
import { createLogger, type Logger } from '../logger.ts';
import { ensureRealInfra, type InfraVariant, REAL_INFRA } from './infra.ts';

export const quietLogger = (): Logger =>
  createLogger({ service: 'test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * A database of its own on the real server, so parallel test files and repeated runs never see
 * each other's rows or migrations. Dropped by the returned function.
 */
export async function createTestDatabase(adminUrl = REAL_INFRA.DATABASE_URL) {
  const name = `seqgen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestInfrastructure<C extends RequestCatalogue = NoRequests> extends Infrastructure<C> {
  variant: InfraVariant['name'];
  config: { DATABASE_URL?: string; DATA_DIR: string; NATS_URL?: string; REDIS_URL?: string };
  /** Closes everything and removes what the run created on shared servers. */
  cleanup(): Promise<void>;
}

/**
 * The infrastructure a component suite runs on, per variant: embedded (in-memory PGlite,
 * in-process bus and store) or real (a fresh PostgreSQL database, an isolated JetStream stream
 * and Redis key namespace). Returns null only when the real servers are missing and
 * REQUIRE_INFRA is not set; with REQUIRE_INFRA=1 that is an error.
 */
export async function openTestInfrastructure<C extends RequestCatalogue = NoRequests>(
  variant: InfraVariant,
  service: string,
  migrationsFolder: string,
  options: {
    /** Quiet unless TEST_LOG_LEVEL says otherwise. */
    logger?: Logger;
    /** The request/reply subjects the bus carries, as the service's definition names them. */
    requests?: C;
  } = {},
): Promise<TestInfrastructure<C> | null> {
  const { logger = quietLogger(), requests } = options;
  const runId = randomBytes(4).toString('hex');
  const isolation = {
    streamName: `TEST_${service.toUpperCase()}_${runId}`,
    subjectPrefix: `test-${runId}`,
    storeNamespace: `test:${service}:${runId}`,
  };
  if (variant.name === 'embedded') {
    const config = { DATA_DIR: `memory://${service}-${runId}` };
    const infra = await openInfrastructure({ service, config, logger, migrationsFolder, requests, isolation });
    return { ...infra, variant: variant.name, config, cleanup: () => infra.lifecycle.close() };
  }
  if (!(await ensureRealInfra())) return null;
  const database = await createTestDatabase();
  const config = {
    DATABASE_URL: database.url,
    DATA_DIR: './data',
    NATS_URL: REAL_INFRA.NATS_URL,
    REDIS_URL: REAL_INFRA.REDIS_URL,
  };
  const infra = await openInfrastructure({ service, config, logger, migrationsFolder, requests, isolation });
  return {
    ...infra,
    variant: variant.name,
    config,
    cleanup: async () => {
      // The run's stream would otherwise stay on the shared server, holding its events.
      if (infra.bus instanceof NatsBus) {
        await (await jetstreamManager(infra.bus.connection)).streams.delete(isolation.streamName).catch(() => {});
      }
      await infra.lifecycle.close();
      await database.drop();
    },
  };
}

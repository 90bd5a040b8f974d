import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type ConsumerHandle,
  cachedLiveness,
  createSessionVerifier,
  issueSessionToken,
  Outbox,
  SESSION_COOKIE,
  type Service,
} from '@seqgen/kit';
import { openTestInfrastructure, quietLogger, type TestInfrastructure } from '@seqgen/kit/testing';
import {
  type AppRequests,
  askSessionStatus,
  type Envelope,
  type EventType,
  parseEnvelope,
  requestCatalogue,
} from '@seqgen/proto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type BillingAppDeps, createApp } from '../../src/app.ts';
import { outbox as outboxTable, processedEvents, subscriptions } from '../../src/data/schema.ts';

const migrationsFolder = fileURLToPath(new URL('../../src/data/migrations', import.meta.url));
export const secret = new TextEncoder().encode('billing-test-secret-billing-test-secret-0123456789');

export const newUser = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

/**
 * Billing on one infrastructure variant, with a recorder on the bus for every billing event
 * (each checked against the envelope schema on arrival) and a stand-in for auth's session check.
 */
export class BillingHarness {
  infra!: TestInfrastructure<AppRequests>;
  outbox!: Outbox;
  app!: Service;
  readonly received: Envelope[] = [];
  readonly #handles: ConsumerHandle[] = [];
  readonly #apps: Service[] = [];
  readonly logger = quietLogger();
  /** How far billing's clock runs ahead of the real one. */
  clockOffsetMs = 0;

  async open(
    variant: Parameters<typeof openTestInfrastructure>[0],
    deps: Pick<BillingAppDeps, 'provider'> & Partial<BillingAppDeps>,
  ) {
    const opened = await openTestInfrastructure(variant, 'billing', migrationsFolder, {
      logger: this.logger,
      requests: requestCatalogue,
    });
    if (!opened) throw new Error('infrastructure unavailable');
    this.infra = opened;
    this.outbox = new Outbox({
      db: opened.database.db,
      tables: { outbox: outboxTable, processedEvents },
      bus: opened.bus,
      logger: this.logger,
      pollIntervalMs: 100,
    });
    this.outbox.start();
    this.#handles.push(
      await opened.bus.respond('auth.session-status', async ({ sessionId }) => ({ live: sessionId !== 'ended' })),
    );
    for (const type of ['billing.activated', 'billing.renewed', 'billing.canceled'] as const) {
      this.#handles.push(
        await opened.bus.consume({
          durable: `test-${type.replace('.', '-')}`,
          type,
          handler: async (envelope) => {
            // The envelope as quota would read it: validated against the catalogue.
            this.received.push(parseEnvelope(JSON.parse(JSON.stringify(envelope))));
          },
        }),
      );
    }
    this.app = await this.appWith(deps);
    return this;
  }

  async appWith(deps: Pick<BillingAppDeps, 'provider'> & Partial<BillingAppDeps>): Promise<Service> {
    const app = createApp({
      logger: this.logger,
      readiness: this.infra.readiness,
      db: this.infra.database.db,
      outbox: this.outbox,
      store: this.infra.store,
      sessions: createSessionVerifier(secret, { liveness: cachedLiveness(askSessionStatus(this.infra.bus)) }),
      trustedProxies: 'loopback',
      now: () => new Date(Date.now() + this.clockOffsetMs),
      ...deps,
    });
    await app.ready();
    this.#apps.push(app);
    return app;
  }

  async close() {
    for (const app of this.#apps) await app.close();
    for (const handle of this.#handles) await handle.stop();
    await this.outbox?.stop();
    await this.infra?.cleanup();
  }

  async cookie(userId: string, sessionId = `s-${userId}`) {
    const token = await issueSessionToken(secret, { userId, email: `${userId}@acme.com`, sessionId });
    return `${SESSION_COOKIE}=${token}`;
  }

  async call(
    userId: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    options: { app?: Service; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (userId) headers.cookie = await this.cookie(userId);
    return (options.app ?? this.app).inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
  }

  /** Billing events for a user, once the outbox has relayed them. */
  async eventsFor(userId: string, type?: EventType): Promise<Envelope[]> {
    await this.outbox.flush();
    return this.received.filter(
      (e) => (e.data as { userId?: string }).userId === userId && (type === undefined || e.type === type),
    );
  }

  /** Waits until exactly `count` events of the type have arrived for the user, and returns them. */
  async awaitEvents(userId: string, type: EventType, count: number): Promise<Envelope[]> {
    await expect.poll(async () => (await this.eventsFor(userId, type)).length, { timeout: 10_000 }).toBe(count);
    // A moment more: an extra (wrong) event published right behind would show up too.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return this.eventsFor(userId, type);
  }

  async outboxCount(type: EventType, userId: string): Promise<number> {
    const [row] = await this.infra.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxTable)
      .where(sql`${outboxTable.type} = ${type} and ${outboxTable.envelope}->'data'->>'userId' = ${userId}`);
    return row?.n ?? 0;
  }

  subscriptionsOf(userId: string) {
    return this.infra.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  }
}

/**
 * Issue 24, item 3: the whole system from the images. The chart rendered with helm for one host
 * (values-single-host.yaml, free loopback ports) and played with `podman kube play`, against the
 * host's PostgreSQL, NATS JetStream and Redis; then what a user does, through the gateway's port:
 * sign up, analyse a company page served on loopback, generate, save, list, usage, a sandbox
 * purchase raising the limit, logout. Midway quota's container is killed (SIGKILL, as the kernel's
 * OOM killer would): podman restarts it, and the system recovers, the purchase made while it was
 * down included.
 *
 * Generation alone runs with NODE_ENV=test here: fetching a page on loopback needs
 * FETCH_ALLOWED_LOOPBACK_ORIGINS, which production refuses (README, Settings). Every image in
 * production is service-images.test.ts.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, genericCustomization, startCompanySite } from '../faults/support.ts';
import { figure, podman, type RunningSystem, SERVICES, startSystem, waitFor } from './support.ts';

const PASSWORD = 'a long enough password';

describe('the whole system from the images (helm template | podman kube play)', () => {
  let system: RunningSystem;
  let site: Awaited<ReturnType<typeof startCompanySite>>;
  let call: ReturnType<typeof client>;
  const started = performance.now();

  beforeAll(async () => {
    site = await startCompanySite();
    system = await startSystem({
      // podman 4.3's kube play lets the ConfigMap (envFrom) override a container's own env, the
      // reverse of Kubernetes (podman issue 27287): NODE_ENV leaves the shared settings, and every
      // service but generation keeps the image's own NODE_ENV=production.
      config: { NODE_ENV: '' },
      env: { generation: { NODE_ENV: 'test', FETCH_ALLOWED_LOOPBACK_ORIGINS: site.origin } },
    });
    call = client(system.gatewayUrl);
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await site?.close();
  }, 120_000);

  const companyUrl = () => `${site.origin}/`;
  let sequence: { subject: string; body: string }[] = [];

  it('runs every service but generation in production', async () => {
    for (const service of SERVICES) {
      const { stdout } = await podman(['exec', system.container(service), 'node', '-p', 'process.env.NODE_ENV']);
      expect(stdout.trim(), service).toBe(service === 'generation' ? 'test' : 'production');
    }
  });

  it('the gateway serves the web app built into its image', async () => {
    const response = await fetch(`${system.gatewayUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div id="root">/);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    expect((await fetch(`${system.gatewayUrl}${asset}`)).status).toBe(200);
  });

  it('signs up', async () => {
    expect((await call('GET', '/api/usage')).status).toBe(401);
    const registered = await call('POST', '/api/register', {
      email: `images-${Date.now()}@example.com`,
      password: PASSWORD,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    // The free allowance arrives over NATS (user.registered → quota).
    await waitFor(async () => (await call('GET', '/api/usage')).body?.limit === 5, { what: 'the free allowance' });
  });

  it('analyses a company page served on loopback', async () => {
    const analysed = await call('POST', '/api/analyze-company', {
      companyUrl: companyUrl(),
      caseStudies: `${site.origin}/customers`,
    });
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    expect(analysed.body.analysis.companyName).toBe('Northwind Ledger');
  });

  it('generates a sequence, and usage counts it', async () => {
    const generated = await call('POST', '/api/generate-emails', {
      companyUrl: companyUrl(),
      caseStudies: `${site.origin}/customers`,
      customization: genericCustomization(),
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(generated.body.sequence).toHaveLength(7);
    sequence = generated.body.sequence;
    await waitFor(async () => (await call('GET', '/api/usage')).body?.used === 1, { what: 'usage 1' });
    expect((await call('GET', '/api/usage')).body).toEqual({ used: 1, limit: 5 });
  });

  it('saves the sequence and lists it', async () => {
    const saved = await call('POST', '/api/save-sequence', {
      title: 'Images smoke run',
      companyUrl: companyUrl(),
      emailSequence: sequence,
      customization: genericCustomization(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const listed = await call('GET', '/api/saved-sequences');
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { id: string }) => s.id)).toEqual([saved.body.id]);
  });

  it('recovers when quota is killed mid-run: podman restarts it, and a purchase made meanwhile raises the limit', async () => {
    const container = system.container('quota');
    const [before] = JSON.parse((await podman(['inspect', container])).stdout);
    const pid: number = before.State.Pid;
    expect(pid).toBeGreaterThan(0);
    const killedAt = performance.now();
    process.kill(pid, 'SIGKILL');

    // While it is down the gateway answers for it with a clear JSON error, not a hang.
    const down = await call('GET', '/api/usage');
    expect(down.status, JSON.stringify(down.body)).toBeGreaterThanOrEqual(502);
    expect(down.status).toBeLessThanOrEqual(504);
    expect(down.body.error).toEqual(expect.any(String));

    // The purchase goes through billing alone; its billing.activated waits in JetStream for quota.
    const checkout = await call('POST', '/api/create-subscription', { planType: 'leader', billing: 'monthly' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await call('POST', '/api/billing/sandbox/confirm', {
      clientSecret: checkout.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const usage = await waitFor(
      async () => {
        const answer = await call('GET', '/api/usage');
        return answer.status === 200 && answer.body.limit === 200 && answer.body;
      },
      { timeoutMs: 90_000, what: 'quota back, with the plan' },
    );
    const seconds = (performance.now() - killedAt) / 1000;
    expect(usage).toEqual({ used: 0, limit: 200 });
    const [after] = JSON.parse((await podman(['inspect', container])).stdout);
    expect(after.RestartCount).toBe(before.RestartCount + 1);
    expect(after.State.Pid).not.toBe(pid);
    figure(
      `[images] quota killed (SIGKILL): restarted by podman, usage answering with the new plan ${seconds.toFixed(1)} s later`,
    );

    // And the restarted quota takes part in generation again (quota.reserve over NATS).
    const generated = await call('POST', '/api/generate-emails', {
      companyUrl: companyUrl(),
      customization: genericCustomization({ tone: 80 }),
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    await waitFor(async () => (await call('GET', '/api/usage')).body?.used === 1, { what: 'usage 1 of 200' });
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ hasSubscription: true });
  });

  it('logs out', async () => {
    const out = await call('GET', '/api/auth/logout');
    expect(out.status).toBe(302);
    expect((await call('GET', '/api/usage')).status).toBe(401);
    expect((await call('GET', '/api/saved-sequences')).status).toBe(401);
  });

  it('kept its data in its own database on the host PostgreSQL, one schema per service', async () => {
    const db = new pg.Client({ connectionString: system.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select table_schema as schema, count(*)::int as tables from information_schema.tables
         where table_schema in ('auth', 'generation', 'quota', 'library', 'billing', 'waitlist', 'analytics')
         group by table_schema order by table_schema`,
      );
      expect(rows.map((r) => r.schema)).toEqual([
        'analytics',
        'auth',
        'billing',
        'generation',
        'library',
        'quota',
        'waitlist',
      ]);
    } finally {
      await db.end();
    }
    figure(
      `[images] smoke run through the gateway: ${((performance.now() - started) / 1000).toFixed(1)} s, kube play to logout`,
    );
  });

  it('keeps the secrets and the password out of every log', async () => {
    for (const service of SERVICES) {
      const logs = await system.logs(service, { all: true });
      expect(logs.length).toBeGreaterThan(0);
      expect(logs).not.toContain(system.sessionSecret);
      expect(logs).not.toContain(PASSWORD);
    }
  });
});

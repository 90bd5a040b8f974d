/**
 * Issue 24, item 2: every service image, built from the Dockerfile (scripts/images/build.sh),
 * started as the chart runs it in production (helm template with values-single-host.yaml, then
 * `podman kube play`): NODE_ENV=production and the chart's settings, /healthz, /readyz and
 * /metrics, a non-root user, a read-only root filesystem, no capabilities, the image's own
 * HEALTHCHECK, and a clean exit on SIGTERM.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, imageOf, nodeIn, podman, type RunningSystem, SERVICES, startSystem } from './support.ts';

describe('each service image as the chart runs it in production (podman kube play)', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem();
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  }, 120_000);

  it.each(SERVICES)(
    '%s: the image runs as uid 1000 and holds the service, its workspaces and a HEALTHCHECK',
    async (service) => {
      const [image] = JSON.parse((await podman(['image', 'inspect', imageOf(service)])).stdout);
      expect(image.Config.User).toBe('1000:1000');
      expect(image.Config.Env).toEqual(expect.arrayContaining(['NODE_ENV=production', `SERVICE=${service}`]));
      expect(image.Healthcheck?.Test?.[0]).toBe('CMD-SHELL');
      figure(`[images] ${service}: image ${imageOf(service)} ${(image.Size / 1e6).toFixed(0)} MB`);
    },
  );

  it.each(SERVICES)('%s answers /healthz and /readyz on its port and /metrics on its own', async (service) => {
    const base = `http://127.0.0.1:${system.port(service)}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ service });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', service });
    const metrics = await fetch(`http://127.0.0.1:${system.metricsPort(service)}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain(`service="${service}"`);
    // Never on the public port (issue 11, item 2): a 404 there, or the gateway's web app.
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('# TYPE');
  });

  it.each(SERVICES)(
    '%s runs with NODE_ENV=production as a non-root user, read-only root, writable /tmp and /data only, no capabilities',
    async (service) => {
      const facts = await nodeIn(
        system.container(service),
        `const fs = require('node:fs');
         const tryWrite = (file) => { try { fs.writeFileSync(file, 'x'); fs.rmSync(file); return 'ok'; } catch (e) { return e.code; } };
         const status = fs.readFileSync('/proc/self/status', 'utf8');
         console.log(JSON.stringify({
           env: process.env.NODE_ENV, uid: process.getuid(), gid: process.getgid(),
           app: tryWrite('/app/probe'), root: tryWrite('/probe'), tmp: tryWrite('/tmp/probe'), data: tryWrite('/data/probe'),
           capEff: /CapEff:\\s*(\\w+)/.exec(status)[1], noNewPrivs: /NoNewPrivs:\\s*(\\d)/.exec(status)[1],
         }));`,
      );
      expect(facts).toEqual({
        env: 'production',
        uid: 1000,
        gid: 1000,
        app: 'EROFS',
        root: 'EROFS',
        tmp: 'ok',
        data: 'ok',
        capEff: '0000000000000000',
        noNewPrivs: '1',
      });
      // PID 1 of the container is node itself (the CMD's `exec`), so SIGTERM reaches it.
      const { stdout } = await podman(['top', system.container(service), 'pid', 'user', 'args']);
      expect(stdout).toMatch(new RegExp(`^\\s*1\\s+\\S+\\s+node services/${service}/src/main\\.ts`, 'm'));
    },
  );

  it.each(SERVICES)("%s passes the image's own HEALTHCHECK (what Docker and compose run)", async (service) => {
    const [image] = JSON.parse((await podman(['image', 'inspect', imageOf(service)])).stdout);
    const [, command] = image.Healthcheck.Test as [string, string];
    const result = await podman(['exec', system.container(service), '/bin/sh', '-c', command], { allowFailure: true });
    expect(result.code, result.stderr).toBe(0);
  });

  it.each(SERVICES)('%s stops cleanly on SIGTERM: exit code 0 after a graceful shutdown', async (service) => {
    const container = system.container(service);
    const started = performance.now();
    // podman stop sends the image's stop signal (SIGTERM) and waits up to 30 s before SIGKILL.
    await podman(['stop', '--time', '30', container]);
    const seconds = (performance.now() - started) / 1000;
    const [state] = JSON.parse((await podman(['inspect', container])).stdout);
    expect(state.State.Status).toBe('exited');
    expect(state.State.ExitCode).toBe(0);
    expect(seconds).toBeLessThan(25);
    const logs = await system.logs(service);
    expect(logs).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
    figure(`[images] ${service}: stopped on SIGTERM in ${seconds.toFixed(1)} s, exit code 0`);
  });
});

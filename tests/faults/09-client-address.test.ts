/**
 * Finding 9 (issue 10), both halves:
 *
 * - Client addresses could be spoofed behind an ingress: the chart set the gateway's TRUST_PROXY
 *   to "true", which takes the left-most X-Forwarded-For entry — written by the client — so a
 *   client sending a fresh header with each request walked past every per-address limit, the
 *   login limit per address included. Now TRUST_PROXY is a hop count or a list of proxies (the
 *   chart: one hop, the ingress), and "true" is refused.
 * - docker-compose.yml ran NODE_ENV=production with a default SESSION_SECRET anyone could read,
 *   which defeated the production guard. Now compose has no default, and every service refuses
 *   to start in production without a real secret, naming SESSION_SECRET.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseConfig } from '@seqgen/kit';
import { variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { authConfigShape } from '../../services/auth/src/config.ts';
import { DEFAULT_AUTH_LIMITS } from '../../services/auth/src/domain/limits.ts';
import { billingConfigShape } from '../../services/billing/src/config.ts';
import { generationConfigShape } from '../../services/generation/src/config.ts';
import { libraryConfigShape } from '../../services/library/src/config.ts';
import { quotaConfigShape } from '../../services/quota/src/config.ts';
import { waitlistConfigShape } from '../../services/waitlist/src/config.ts';
import { figure, type RunningSystem, repoRoot, SERVICES, startSystem } from './support.ts';

const variants = await variantsToRun();
const realSkipped = variants.some((v) => v.name === 'real' && v.skip);

/** The stand-in ingress connects from here; the client from CLIENT_ADDRESS (both loopback). */
const INGRESS_ADDRESS = '127.0.0.2';
const CLIENT_ADDRESS = '127.0.0.3';

/** What docker-compose.yml used to give SESSION_SECRET when it was not set. */
const OLD_COMPOSE_DEFAULT = 'insecure-local-compose-session-secret-change-me';

/**
 * An ingress controller in front of the gateway, as ingress-nginx behaves: it appends the
 * address it sees to X-Forwarded-For and connects to the gateway from its own address.
 */
async function startIngress(gatewayUrl: string) {
  const server = http.createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      `${gatewayUrl}${req.url}`,
      {
        method: req.method,
        localAddress: INGRESS_ADDRESS,
        agent: false,
        headers: { ...req.headers, host: new URL(gatewayUrl).host, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sign-in from the client's own address, claiming to be someone else in X-Forwarded-For. */
function signIn(ingressUrl: string, gatewayUrl: string, email: string, spoofed: string) {
  return new Promise<{ status: number; body: { error?: string; message?: string } }>((resolve, reject) => {
    const body = JSON.stringify({ email, password: 'not the password' });
    const request = http.request(`${ingressUrl}/api/login`, {
      method: 'POST',
      localAddress: CLIENT_ADDRESS,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        // The browser's origin is the gateway's public address (the CSRF check compares them).
        origin: gatewayUrl,
        'x-forwarded-for': spoofed,
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe.each([
  { infra: 'embedded' as const, layout: 'one-process' as const, skip: false },
  { infra: 'real' as const, layout: 'per-service' as const, skip: realSkipped },
])('fault 09: spoofed client addresses behind one proxy ($infra, $layout)', ({ infra, layout, skip }) => {
  let system: RunningSystem;
  let ingress: Awaited<ReturnType<typeof startIngress>>;

  beforeAll(async () => {
    if (skip) return;
    // As the chart deploys it: the gateway believes exactly one hop, the ingress.
    system = await startSystem({ infra, layout, logLevel: 'warn', env: { TRUST_PROXY: '1' } });
    ingress = await startIngress(system.url);
  }, 180_000);
  afterAll(async () => {
    await ingress?.close();
    await system?.stop();
  }, 60_000);

  it.skipIf(skip)(
    'the per-address sign-in limit counts the real address, whatever X-Forwarded-For the client sends',
    async () => {
      const free = DEFAULT_AUTH_LIMITS.loginPerIp.free;
      const answers = [];
      // A different account and a different made-up address each time: only the address the
      // ingress saw ties the attempts together.
      for (let i = 0; i <= free; i++) {
        const email = `sprayed-${layout}-${i}-${Date.now()}@example.com`;
        answers.push(await signIn(ingress.url, system.url, email, `203.0.113.${i + 1}`));
      }
      const statuses = answers.map((a) => a.status);
      expect(statuses.slice(0, free)).toEqual(Array(free).fill(401));
      expect(statuses[free]).toBe(429);
      expect(answers[free]?.body.message).toMatch(/^Too many sign-in attempts/);
      figure(
        `[fault 09] ${infra} ${layout}: ${answers.length} wrong sign-ins through one proxy hop, each with a new ` +
          `made-up X-Forwarded-For: refused from attempt ${statuses.indexOf(429) + 1} (the per-address limit ` +
          `allows ${free}); the ingress saw ${CLIENT_ADDRESS} each time`,
      );
    },
    120_000,
  );
});

describe('fault 09: no default SESSION_SECRET in production', () => {
  it('docker-compose.yml gives SESSION_SECRET no default where NODE_ENV is production', () => {
    const compose = YAML.parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const checked: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      const env = service.environment ?? {};
      if (env.NODE_ENV !== 'production' || !('SESSION_SECRET' in env)) continue;
      checked.push(name);
      // `${SESSION_SECRET:?message}`: compose refuses to start without it. A default
      // (`:-value` or `-value`) or a literal would sign every deployment's sessions alike.
      expect(env.SESSION_SECRET, name).toMatch(/^\$\{SESSION_SECRET:\?[^}]*\}$/);
    }
    expect(checked.sort()).toEqual([...SERVICES].sort());
    expect(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')).not.toContain(OLD_COMPOSE_DEFAULT);
  });

  it('every service refuses the old default, a short or a missing secret in production, naming SESSION_SECRET', () => {
    const shapes = {
      auth: authConfigShape,
      billing: billingConfigShape,
      generation: generationConfigShape,
      library: libraryConfigShape,
      quota: quotaConfigShape,
      waitlist: waitlistConfigShape,
    };
    for (const [name, shape] of Object.entries(shapes)) {
      for (const secret of [OLD_COMPOSE_DEFAULT, 'change-me', undefined]) {
        const env = { NODE_ENV: 'production', ...(secret ? { SESSION_SECRET: secret } : {}) };
        expect(() => parseConfig(shape, env), `${name} with ${secret}`).toThrow(/SESSION_SECRET: /);
      }
    }
  });

  it('a service started in production without SESSION_SECRET stops at once, naming it', async () => {
    const outcomes = await Promise.all(
      SERVICES.map(
        (name) =>
          new Promise<{ name: string; code: number | null; output: string }>((resolve) => {
            const child = spawn(process.execPath, [path.join(repoRoot, `services/${name}/src/main.ts`)], {
              cwd: repoRoot,
              env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent' },
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let output = '';
            child.stdout.on('data', (chunk) => (output += chunk));
            child.stderr.on('data', (chunk) => (output += chunk));
            child.on('exit', (code) => resolve({ name, code, output }));
          }),
      ),
    );
    for (const { name, code, output } of outcomes) {
      expect(code, `${name}: ${output}`).toBe(1);
      expect(output, name).toMatch(/SESSION_SECRET: must be set in production/);
    }
  }, 60_000);
});

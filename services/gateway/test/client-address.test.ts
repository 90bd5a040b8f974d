/**
 * Issue 10, finding 9: behind the ingress the chart set TRUST_PROXY "true", so the gateway took
 * the left-most X-Forwarded-For entry — the one the client writes — as the client's address, and
 * a client could walk past every per-address limit (login per address included: the services
 * count by the address the gateway forwards) by sending a fresh header with each request.
 *
 * Here a stand-in ingress on 127.0.0.2 appends the address it sees to X-Forwarded-For (as
 * ingress-nginx does), the client connects from 127.0.0.3 and lies in the header, and a stand-in
 * auth service reports the address the gateway forwarded to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, parseConfig, type Service } from '@seqgen/kit';
import { quietLogger, REAL_INFRA, variantsToRun } from '@seqgen/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

const INGRESS_ADDRESS = '127.0.0.2';
const CLIENT_ADDRESS = '127.0.0.3';
const PER_MINUTE = 5;

const listening = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** One request from the client's own address, with whatever X-Forwarded-For it chooses to send. */
function request(base: string, forwardedFor: string): Promise<{ status: number; seenAs?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}/api/login`, {
      method: 'POST',
      localAddress: CLIENT_ADDRESS,
      agent: false,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });
    outgoing.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ...(text ? JSON.parse(text) : {}) }));
    });
    outgoing.on('error', reject);
    outgoing.end('{"email":"a@b.c","password":"wrong"}');
  });
}

describe.each(await variantsToRun())('the client address behind a proxy ($name store)', (variant) => {
  const logger = quietLogger();
  let auth: http.Server;
  let ingress: http.Server;
  let authUrl: string;
  let ingressUrl: string;
  /** The gateway the ingress forwards to: the latest one started. */
  let gatewayUrl = '';
  const gateways: Service[] = [];

  async function startGateway(trustProxy: string) {
    const config = parseConfig(gatewayConfigShape, {
      AUTH_URL: authUrl,
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      TRUST_PROXY: trustProxy,
    });
    const store = await openStore({
      url: variant.name === 'real' ? REAL_INFRA.REDIS_URL : undefined,
      namespace: `test:client-address:${Math.random().toString(36).slice(2)}`,
    });
    const gateway = createGateway({ config, logger, store });
    gateway.addHook('onClose', () => store.close());
    gateways.push(gateway);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    if (variant.skip) return;
    // Stands in for auth: tells which address the gateway said the client has.
    auth = http.createServer((req, res) => {
      req.resume();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ seenAs: req.headers['x-forwarded-for'] }));
    });
    authUrl = await listening(auth);
    // Stands in for the ingress controller: appends its peer to X-Forwarded-For and connects
    // to the gateway from its own address.
    ingress = http.createServer((req, res) => {
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = http.request(
        `${gatewayUrl}${req.url}`,
        {
          method: req.method,
          localAddress: INGRESS_ADDRESS,
          agent: false,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    ingressUrl = await listening(ingress);
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await new Promise((resolve) => ingress?.close(resolve));
    await new Promise((resolve) => auth?.close(resolve));
  });

  /** Requests through the ingress, each with a different made-up X-Forwarded-For. */
  const rotating = async (count: number) => {
    const answers = [];
    for (let i = 1; i <= count; i++) answers.push(await request(ingressUrl, `198.51.100.${i}`));
    return answers;
  };

  it.skipIf(variant.skip)('with one trusted hop (the ingress), a client is counted by its real address', async () => {
    await startGateway('1');
    const answers = await rotating(PER_MINUTE + 3);
    // Auth is told the address the ingress saw, whatever the client wrote.
    expect(answers.filter((a) => a.status === 200).map((a) => a.seenAs)).toEqual(
      Array(PER_MINUTE).fill(CLIENT_ADDRESS),
    );
    // Rotating the header does not reset the gateway's per-address limit either.
    expect(answers.map((a) => a.status)).toEqual([...Array(PER_MINUTE).fill(200), 429, 429, 429]);
  });

  it.skipIf(variant.skip)('with a list, only the listed proxies are believed', async () => {
    await startGateway(INGRESS_ADDRESS);
    const throughIngress = await rotating(PER_MINUTE + 1);
    expect(throughIngress[0]).toEqual({ status: 200, seenAs: CLIENT_ADDRESS });
    expect(throughIngress.map((a) => a.status)).toEqual([...Array(PER_MINUTE).fill(200), 429]);

    // A client that reaches the gateway directly is no listed proxy: its header is ignored.
    await startGateway(INGRESS_ADDRESS);
    expect(await request(gatewayUrl, '198.51.100.77')).toEqual({ status: 200, seenAs: CLIENT_ADDRESS });
  });
});

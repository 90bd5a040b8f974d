/**
 * `npm start`'s gateway on its own thread (scripts/gateway-thread.ts; issue 12): it proxies to the
 * services on the main thread, its log lines reach the main thread's readable stream (one line
 * per request, paired with the service's), it closes before the services it proxies to, and a
 * gateway that cannot start fails start-up with its reason instead of leaving it waiting.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, Lifecycle, PrettyLogStream } from '@seqgen/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { openGatewayThread } from '../../scripts/gateway-thread.ts';

const quiet = createLogger({ service: 'seqgen', level: 'silent' });
const lifecycles: Lifecycle[] = [];
const servers: Server[] = [];

afterEach(async () => {
  for (const lifecycle of lifecycles.splice(0)) await lifecycle.close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A stand-in for the waitlist service: answers and logs its request lines as a service does. */
async function waitlistStandIn(pretty: PrettyLogStream): Promise<string> {
  const server = createServer((request, response) => {
    const reqId = String(request.headers['x-request-id']);
    const log = (record: object) =>
      pretty.write(
        JSON.stringify({ level: 30, time: new Date().toISOString(), service: 'waitlist', reqId, ...record }),
      );
    log({ req: { method: request.method, url: request.url }, msg: 'incoming request' });
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    log({ res: { statusCode: 201 }, responseTime: 1, msg: 'request completed' });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function gatewayEnv(extra: Record<string, string>) {
  return { NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...extra };
}

describe('the gateway thread of npm start', () => {
  it('proxies to the main thread, logs through its stream and closes before the services', async () => {
    const out: string[] = [];
    const pretty = new PrettyLogStream({ write: (text) => out.push(text) });
    pretty.enterThrough('gateway');
    const lifecycle = new Lifecycle(quiet);
    lifecycles.push(lifecycle);
    const gateway = openGatewayThread({ lifecycle, logger: quiet, pretty });
    const upstream = await waitlistStandIn(pretty);
    // Registered before the gateway starts, as the services are: it must close after the gateway.
    let gatewayOpenWhenServicesClosed: boolean | undefined;
    let url = '';
    lifecycle.add('services', async () => {
      gatewayOpenWhenServicesClosed = await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
    });
    ({ url } = await gateway.start(gatewayEnv({ WAITLIST_URL: upstream, PUBLIC_URL: 'http://127.0.0.1' })));

    const response = await fetch(`${url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1' },
      body: JSON.stringify({ email: 'thread@example.com' }),
    });
    expect(response.status).toBe(201);
    await expect.poll(() => out.join('')).toMatch(/POST \/api\/waitlist 201 \d+ ms waitlist\n/);
    expect(out.filter((text) => text.includes('/api/waitlist'))).toHaveLength(1);

    await lifecycle.close();
    expect(gatewayOpenWhenServicesClosed).toBe(false);
  });

  it('fails start-up with the reason when the gateway cannot listen', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const lifecycle = new Lifecycle(quiet);
    lifecycles.push(lifecycle);
    const gateway = openGatewayThread({ lifecycle, logger: quiet, pretty: undefined });
    await expect(gateway.start(gatewayEnv({ PORT: String((taken.address() as AddressInfo).port) }))).rejects.toThrow(
      /EADDRINUSE/,
    );
  });
});

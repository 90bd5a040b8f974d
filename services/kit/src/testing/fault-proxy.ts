import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of one server (PostgreSQL, Redis, NATS, or a service), for
 * fault tests: the code under test connects through it, and the test makes the server go away
 * without stopping it — so the machine's servers, which other suites use at the same time, are
 * never touched.
 *
 * - `cut()`: an outage. Open connections are reset and new ones refused (connection refused),
 *   as when the server process dies. `restore()` lets connections through again.
 * - `stall()`: a hang. Connections are accepted and kept, but no byte moves either way, as when
 *   the server is stopped (SIGSTOP) or a network path black-holes. `resume()` moves the held
 *   bytes on, in order.
 */
export interface FaultProxy {
  /** Where to connect instead of the server: a URL with this host and port (see `url`). */
  readonly port: number;
  /** The server URL with its host and port replaced by the proxy's. */
  url(serverUrl: string): string;
  cut(): void;
  restore(): Promise<void>;
  stall(): void;
  resume(): void;
  /** Connections accepted so far (through or refused). */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let state: 'up' | 'cut' | 'stalled' = 'up';
  let connections = 0;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held: (() => void)[] = [];
  let server = listen();

  function listen(port = 0): net.Server {
    const created = net.createServer((client) => {
      connections += 1;
      if (state === 'cut') {
        client.resetAndDestroy();
        return;
      }
      const upstream = net.connect({ host: target.host, port: target.port });
      const pair = { client, upstream };
      pairs.add(pair);
      const forward = (from: net.Socket, to: net.Socket) =>
        from.on('data', (chunk: Buffer) => {
          if (state === 'stalled') held.push(() => to.write(chunk));
          else to.write(chunk);
        });
      forward(client, upstream);
      forward(upstream, client);
      const end = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    created.listen(port, '127.0.0.1');
    return created;
  }

  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url(serverUrl) {
      const url = new URL(serverUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    get connections() {
      return connections;
    },
    cut() {
      state = 'cut';
      held.length = 0;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
      // A closed listener refuses new connections outright (ECONNREFUSED), like a dead server.
      server.close();
    },
    async restore() {
      if (state === 'cut') {
        server = listen(port);
        await new Promise((resolve) => server.once('listening', resolve));
      }
      state = 'up';
    },
    stall() {
      state = 'stalled';
    },
    resume() {
      state = 'up';
      for (const send of held.splice(0)) send();
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

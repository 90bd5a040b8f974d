import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * A free loopback port for a server a test starts by number. Picked BELOW the kernel's ephemeral
 * range: a port taken from that range (listen on 0, then close) can be handed by the kernel to
 * the next `listen(0)` — one of the services' own ephemeral ports under `npm start` — before the
 * test's server binds it (seen as EADDRINUSE in CI). Random, then checked, so parallel test
 * files rarely try the same one, and never one in use.
 */
export async function freePort(): Promise<number> {
  const floor = 20_000;
  const ceiling = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = floor + Math.floor(Math.random() * (ceiling - floor));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port between ${floor} and ${ceiling} after 50 tries`);
}

function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(low);
    if (Number.isInteger(value) && value > 21_000) return value;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152.
  }
  return 32_768;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

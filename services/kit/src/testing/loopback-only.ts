import dns from 'node:dns';
import net from 'node:net';

/**
 * The network rule for tests (docs/architecture.md §8): traffic goes to loopback only. Installed for every
 * test file (vitest.config.ts setupFiles), this makes the rule hold in the test process itself:
 * a connection to any other address — a private range, link-local, public — or a real DNS lookup
 * of a name other than localhost is stopped before a packet leaves, fails with an error, and is
 * recorded, so the test that made it fails even when the code under test would have swallowed
 * the error (a broken SSRF guard must not look like a working one).
 */

export interface Violation {
  target: string;
  stack: string;
}

const violations: Violation[] = [];

/** Loopback in every spelling a connect can carry: 127/8, ::1 and IPv4-mapped 127/8. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const ipv4 = mapped ?? (net.isIPv4(bare) ? bare : undefined);
  return ipv4 !== undefined && ipv4.startsWith('127.');
}

function refuse(target: string): Error {
  const error = new Error(`Test network rule: a test tried to reach ${target}; tests may only reach loopback.`);
  violations.push({ target, stack: error.stack ?? '' });
  return Object.assign(error, { code: 'ELOOPBACKONLY' });
}

/** Violations recorded since the last call, cleared. */
export function takeViolations(): Violation[] {
  return violations.splice(0);
}

interface ConnectOptions {
  host?: string;
  path?: string;
  lookup?: LookupFunction;
}

type LookupFunction = (hostname: string, options: unknown, callback: (...results: unknown[]) => void) => void;

const guarded = new WeakSet<LookupFunction>();

/** An injected lookup whose answers are checked: a non-loopback address fails the connection. */
function guardedLookup(lookup: LookupFunction): LookupFunction {
  if (guarded.has(lookup)) return lookup;
  const wrapped: LookupFunction = (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error);
      const addresses = Array.isArray(address)
        ? (address as { address: string }[]).map((entry) => entry.address)
        : [address as string];
      const outside = addresses.find((each) => !isLoopbackHost(each));
      if (outside !== undefined) return callback(refuse(`${outside} (${hostname})`));
      callback(null, address, family);
    });
  guarded.add(wrapped);
  return wrapped;
}

let installed = false;

export function installLoopbackOnly(): void {
  if (installed) return;
  installed = true;

  const connect = net.Socket.prototype.connect;
  // net.connect, http, undici (fetch) and tls all end in Socket#connect.
  net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
    const [first, second] = args;
    let options: ConnectOptions | undefined;
    let host: string | undefined;
    if (Array.isArray(first)) {
      // Node's internal normalized form: [options, callback].
      options = first[0] as ConnectOptions | undefined;
    } else if (first && typeof first === 'object') {
      options = first as ConnectOptions;
    } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
      host = typeof second === 'string' ? second : undefined;
    }
    host ??= options?.host;
    if (!options?.path && host !== undefined) {
      if (net.isIP(host.replace(/^\[|\]$/g, '')) && !isLoopbackHost(host)) {
        const error = refuse(host);
        process.nextTick(() => this.destroy(error));
        return this;
      }
      // A name resolved by an injected lookup (the way tests give names to loopback fixtures):
      // the address it resolves to must be loopback too. Without one, dns.lookup (below) decides.
      if (options && typeof options.lookup === 'function') options.lookup = guardedLookup(options.lookup);
    }
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;

  const lookup = dns.lookup;
  // A real resolution could reach the network (and its answer could be anything): only
  // localhost resolves; tests resolve other names through an injected lookup.
  dns.lookup = function patchedLookup(hostname: string, ...rest: unknown[]) {
    if (!isLoopbackHost(hostname)) {
      const callback = rest.at(-1) as (error: Error) => void;
      const error = refuse(`the name ${hostname}`);
      process.nextTick(() => callback(error));
      return undefined as unknown as ReturnType<typeof dns.lookup>;
    }
    return (lookup as (...values: unknown[]) => unknown).call(dns, hostname, ...rest);
  } as typeof dns.lookup;
}

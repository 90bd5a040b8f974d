import { isIPv4, isIPv6 } from 'node:net';

/**
 * Why an address may or may not be fetched. Anything but 'public' is refused by the SSRF-safe
 * client: a user-supplied URL must never reach the machine itself, the cluster network, a cloud
 * metadata service or any other address that is not on the public internet.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'invalid';

export interface AddressClass {
  kind: AddressKind;
  /** The address as classified; for IPv6 forms that embed IPv4 (mapped, NAT64, 6to4), the IPv4. */
  address: string;
  /** Set when an IPv6 address carried an IPv4 address and was judged by it. */
  embeddedIn?: 'ipv4-mapped' | 'ipv4-compatible' | 'nat64' | '6to4';
}

/** Human words for a refusal message: "a loopback address", "a cloud metadata address". */
export const ADDRESS_KIND_LABELS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  cgnat: 'a carrier-grade NAT address',
  'unique-local': 'a private (unique-local) IPv6 address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  documentation: 'a documentation-only address',
  benchmarking: 'a benchmarking-only address',
  reserved: 'a reserved address',
  invalid: 'an invalid address',
};

/** Well-known metadata endpoints (AWS/GCP/Azure, Alibaba, Oracle); all also sit in refused ranges. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192']);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);

type V4Range = [base: number, prefix: number, kind: Exclude<AddressKind, 'public' | 'metadata' | 'invalid'>];

// Every IPv4 range that is not globally reachable (IANA special-purpose registry).
const V4_RANGES: V4Range[] = [
  [ipv4ToInt('0.0.0.0'), 8, 'unspecified'],
  [ipv4ToInt('10.0.0.0'), 8, 'private'],
  [ipv4ToInt('100.64.0.0'), 10, 'cgnat'],
  [ipv4ToInt('127.0.0.0'), 8, 'loopback'],
  [ipv4ToInt('169.254.0.0'), 16, 'link-local'],
  [ipv4ToInt('172.16.0.0'), 12, 'private'],
  [ipv4ToInt('192.0.0.0'), 24, 'reserved'],
  [ipv4ToInt('192.0.2.0'), 24, 'documentation'],
  [ipv4ToInt('192.31.196.0'), 24, 'reserved'],
  [ipv4ToInt('192.52.193.0'), 24, 'reserved'],
  [ipv4ToInt('192.88.99.0'), 24, 'reserved'],
  [ipv4ToInt('192.168.0.0'), 16, 'private'],
  [ipv4ToInt('192.175.48.0'), 24, 'reserved'],
  [ipv4ToInt('198.18.0.0'), 15, 'benchmarking'],
  [ipv4ToInt('198.51.100.0'), 24, 'documentation'],
  [ipv4ToInt('203.0.113.0'), 24, 'documentation'],
  [ipv4ToInt('224.0.0.0'), 4, 'multicast'],
  [ipv4ToInt('255.255.255.255'), 32, 'broadcast'],
  [ipv4ToInt('240.0.0.0'), 4, 'reserved'],
];

function ipv4ToInt(address: string): number {
  const parts = address.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

function intToIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

function inV4Range(value: number, base: number, prefix: number): boolean {
  if (prefix === 0) return true;
  const mask = prefix === 32 ? 0xffffffff : (~0 << (32 - prefix)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
}

function classifyV4(address: string): AddressClass {
  if (METADATA_V4.has(address)) return { kind: 'metadata', address };
  const value = ipv4ToInt(address);
  for (const [base, prefix, kind] of V4_RANGES) {
    if (inV4Range(value, base, prefix)) return { kind, address };
  }
  return { kind: 'public', address };
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  // A dotted IPv4 tail ("::ffff:127.0.0.1") becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const v4 = ipv4ToInt(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - headGroups.length - restGroups.length;
  const all = rest === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...restGroups];
  if (all.length !== 8) return null;
  return all.map((group) => Number.parseInt(group, 16));
}

function groupsToIpv4(high: number, low: number): string {
  return intToIpv4(((high << 16) | low) >>> 0);
}

function classifyV6(address: string): AddressClass {
  const groups = ipv6Groups(address);
  if (!groups) return { kind: 'invalid', address };
  const g = (i: number) => groups[i] ?? 0;
  const canonical = groups.map((x) => x.toString(16)).join(':');
  const firstFiveZero = g(0) === 0 && g(1) === 0 && g(2) === 0 && g(3) === 0 && g(4) === 0;

  if (groups.every((x) => x === 0)) return { kind: 'unspecified', address };
  if (firstFiveZero && g(5) === 0 && g(6) === 0 && g(7) === 1) return { kind: 'loopback', address };
  // IPv4 inside IPv6: judged by the IPv4 address, which is where the packets end up.
  if (firstFiveZero && g(5) === 0xffff) {
    return { ...classifyV4(groupsToIpv4(g(6), g(7))), embeddedIn: 'ipv4-mapped' };
  }
  // Deprecated IPv4-compatible form: never an ordinary public host, whatever it embeds.
  if (firstFiveZero && g(5) === 0) {
    const embedded = classifyV4(groupsToIpv4(g(6), g(7)));
    return { kind: embedded.kind === 'public' ? 'reserved' : embedded.kind, address, embeddedIn: 'ipv4-compatible' };
  }
  // SIIT (::ffff:0:a.b.c.d) translated addresses.
  if (g(0) === 0 && g(1) === 0 && g(2) === 0 && g(3) === 0 && g(4) === 0xffff && g(5) === 0) {
    return { ...classifyV4(groupsToIpv4(g(6), g(7))), embeddedIn: 'ipv4-mapped' };
  }
  if (g(0) === 0x64 && g(1) === 0xff9b && g(2) === 0 && g(3) === 0 && g(4) === 0 && g(5) === 0) {
    return { ...classifyV4(groupsToIpv4(g(6), g(7))), embeddedIn: 'nat64' };
  }
  if (g(0) === 0x2002) return { ...classifyV4(groupsToIpv4(g(1), g(2))), embeddedIn: '6to4' };

  if (METADATA_V6.has(canonical)) return { kind: 'metadata', address };
  if ((g(0) & 0xfe00) === 0xfc00) return { kind: 'unique-local', address };
  if ((g(0) & 0xffc0) === 0xfe80) return { kind: 'link-local', address };
  // Site-local (deprecated, still routed privately by some networks).
  if ((g(0) & 0xffc0) === 0xfec0) return { kind: 'private', address };
  if ((g(0) & 0xff00) === 0xff00) return { kind: 'multicast', address };
  if (g(0) === 0x2001 && g(1) === 0x0db8) return { kind: 'documentation', address };
  if (g(0) === 0x3fff && g(1) <= 0x0fff) return { kind: 'documentation', address };
  if (g(0) === 0x2001 && g(1) === 0x0002 && g(2) === 0) return { kind: 'benchmarking', address };
  // Teredo, ORCHID and the rest of 2001::/23 are IETF special-purpose, not ordinary hosts.
  if (g(0) === 0x2001 && g(1) < 0x0200) return { kind: 'reserved', address };
  if (g(0) === 0x0064 && g(1) === 0xff9b && g(2) === 0x0001) return { kind: 'reserved', address };
  if (g(0) === 0x0100 && g(1) === 0 && g(2) === 0 && g(3) === 0) return { kind: 'reserved', address };
  // Only 2000::/3 is global unicast; everything else is reserved.
  if ((g(0) & 0xe000) !== 0x2000) return { kind: 'reserved', address };
  return { kind: 'public', address };
}

/**
 * Classifies one IP address (v4 dotted-decimal or v6, brackets and a zone id allowed). A pure
 * function: the SSRF guard calls it for every literal host and every address a name resolves to.
 */
export function classifyAddress(input: string): AddressClass {
  let address = input.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (isIPv4(address)) return classifyV4(address);
  if (isIPv6(address)) return classifyV6(address);
  return { kind: 'invalid', address };
}

export const isPublicAddress = (address: string): boolean => classifyAddress(address).kind === 'public';

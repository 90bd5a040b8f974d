import { describe, expect, it } from 'vitest';
import { type AddressKind, classifyAddress, isPublicAddress, parseUserUrl, SafeFetchError } from '../src/index.ts';

// A pure function: nothing here resolves or connects (the network rule allows loopback only).

/** Addresses an SSRF attempt aims at, each with the class the guard must give it. */
const REFUSED: [address: string, kind: AddressKind][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['127.0.1.1', 'loopback'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['192.0.0.192', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['169.254.0.1', 'link-local'],
  ['169.254.255.255', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.254', 'cgnat'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fec0::1', 'private'],
  // IPv4-mapped and other IPv6 forms that carry an IPv4 address are judged by it.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['[::ffff:127.0.0.1]', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:192.168.1.1', 'private'],
  ['0:0:0:0:0:ffff:172.16.5.4', 'private'],
  ['::ffff:0:10.0.0.1', 'private'],
  ['::127.0.0.1', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['2001::1', 'reserved'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['192.0.2.10', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.99', 'documentation'],
  ['2001:db8::1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['not-an-ip', 'invalid'],
  ['256.1.1.1', 'invalid'],
  ['', 'invalid'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.255.255',
  '11.0.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('classifyAddress (pure)', () => {
  it(`refuses ${REFUSED.length} private, loopback, link-local, metadata, CGNAT, ULA, mapped and reserved addresses`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
    for (const [address, kind] of REFUSED) {
      expect(classifyAddress(address).kind, address).toBe(kind);
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses, including public IPv4 inside IPv6 forms', () => {
    for (const address of PUBLIC) expect(classifyAddress(address).kind, address).toBe('public');
  });

  it('reports the IPv4 address an IPv6 form carries', () => {
    expect(classifyAddress('::ffff:7f00:1')).toEqual({
      kind: 'loopback',
      address: '127.0.0.1',
      embeddedIn: 'ipv4-mapped',
    });
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toMatchObject({ address: '169.254.169.254', embeddedIn: 'nat64' });
    expect(classifyAddress('2002:c0a8:101::1')).toMatchObject({ address: '192.168.1.1', embeddedIn: '6to4' });
  });
});

describe('parseUserUrl (pure)', () => {
  it('adds https to URLs typed without a scheme and keeps host:port', () => {
    expect(parseUserUrl('acme.com').href).toBe('https://acme.com/');
    expect(parseUserUrl('  www.acme.com/customers ').href).toBe('https://www.acme.com/customers');
    expect(parseUserUrl('acme.com:8443/x').href).toBe('https://acme.com:8443/x');
    expect(parseUserUrl('localhost:3000').href).toBe('https://localhost:3000/');
    expect(parseUserUrl('//acme.com').href).toBe('https://acme.com/');
    expect(parseUserUrl('HTTP://ACME.com/A#b').href).toBe('http://acme.com/A#b');
  });

  it('turns every numeric spelling of an address into the dotted form the guard judges', () => {
    for (const spelling of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
    ]) {
      const host = parseUserUrl(spelling).hostname;
      expect(host, spelling).toBe('127.0.0.1');
      expect(classifyAddress(host).kind).toBe('loopback');
    }
    expect(classifyAddress(parseUserUrl('http://[::ffff:127.0.0.1]/').hostname).kind).toBe('loopback');
    expect(classifyAddress(parseUserUrl('http://0xa9fea9fe/').hostname).kind).toBe('metadata');
    expect(classifyAddress(parseUserUrl('http://3232235777/').hostname).kind).toBe('private');
  });

  it.each([
    ['ftp://acme.com', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['data:text/html,<h1>x</h1>', 'unsupported_scheme'],
    ['gopher://127.0.0.1:6379/_FLUSHALL', 'unsupported_scheme'],
    ['https://user:pass@acme.com/', 'credentials'],
    ['https://acme.com@10.0.0.1/', 'credentials'],
    ['https://ac me.com', 'invalid_url'],
    ['   ', 'invalid_url'],
    ['http://', 'invalid_url'],
  ])('refuses %s (%s)', (input, reason) => {
    expect(() => parseUserUrl(input)).toThrow(SafeFetchError);
    try {
      parseUserUrl(input);
    } catch (error) {
      expect((error as SafeFetchError).reason).toBe(reason);
      expect((error as SafeFetchError).refused).toBe(true);
      expect((error as Error).message).not.toContain('pass@');
    }
  });
});

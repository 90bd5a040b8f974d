import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, takeViolations } from '../src/testing/loopback-only.ts';

/**
 * The test-process network guard (tests/setup/loopback-only.ts): any connection beyond loopback is
 * stopped before it leaves and recorded, so the test that made it fails. Each case here takes
 * the violations it causes itself, so this file passes only if they were recorded.
 */
describe('the loopback-only network guard', () => {
  it('tells loopback from everything else, in every spelling a connect can carry', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '10.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '8.8.8.8',
      '::ffff:10.0.0.1',
      'fe80::1',
      'example.com',
      '0.0.0.0',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('stops a raw connection to a private address before it leaves, and records it', async () => {
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const socket = net.connect({ host: '10.0.0.1', port: 80 });
      socket.once('error', resolve);
      socket.once('connect', () => resolve(Object.assign(new Error('connected'), { code: 'CONNECTED' })));
    });
    expect(error.code).toBe('ELOOPBACKONLY');
    expect(takeViolations().map((violation) => violation.target)).toEqual(['10.0.0.1']);
  });

  it('stops fetch and http to public and metadata addresses, and real DNS lookups of other names', async () => {
    await expect(fetch('http://8.8.8.8/')).rejects.toThrow();
    await new Promise<void>((resolve) => {
      http.get('http://169.254.169.254/latest/meta-data/', () => resolve()).once('error', () => resolve());
    });
    const lookup = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      dns.lookup('example.com', (error) => resolve(error)),
    );
    expect(lookup?.code).toBe('ELOOPBACKONLY');
    expect(takeViolations().map((violation) => violation.target)).toEqual([
      '8.8.8.8',
      '169.254.169.254',
      'the name example.com',
    ]);
  });

  it('lets loopback through', async () => {
    const server = http.createServer((_request, response) => response.end('ok')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const response = await fetch(`http://localhost:${(server.address() as net.AddressInfo).port}/`);
    expect(await response.text()).toBe('ok');
    await new Promise((resolve) => server.close(resolve));
    expect(takeViolations()).toEqual([]);
  });
});

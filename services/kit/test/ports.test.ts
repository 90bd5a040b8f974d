import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/testing/ports.ts';

describe('freePort', () => {
  it("gives a bindable loopback port below the kernel's ephemeral range, which listen(0) never hands out", async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(Number(low));
    const server = net.createServer().listen(ports[0], '127.0.0.1');
    await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
    await new Promise((resolve) => server.close(resolve));
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../src/testing/fault-proxy.ts';

/** The fault tests' tool: an outage and a hang between a client and a server, on loopback only. */
describe('startFaultProxy', () => {
  let echo: net.Server;
  let proxy: FaultProxy;

  beforeAll(async () => {
    echo = net.createServer((socket) => socket.pipe(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => echo.once('listening', resolve));
    proxy = await startFaultProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  const roundTrip = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: proxy.port });
      socket.once('error', reject);
      socket.once('data', (chunk) => {
        resolve(chunk.toString());
        socket.destroy();
      });
      socket.write(text);
    });

  it('passes bytes both ways, refuses connections while cut, and recovers on restore', async () => {
    expect(await roundTrip('ping')).toBe('ping');
    proxy.cut();
    await expect(roundTrip('ping')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await proxy.restore();
    expect(await roundTrip('again')).toBe('again');
  });

  it('holds bytes while stalled and delivers them, in order, on resume', async () => {
    proxy.stall();
    const answer = roundTrip('held');
    const settled = await Promise.race([
      answer.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting'), 200)),
    ]);
    expect(settled).toBe('waiting');
    proxy.resume();
    expect(await answer).toBe('held');
  });

  it('rewrites a server URL to go through the proxy', () => {
    expect(proxy.url('redis://127.0.0.1:6379')).toBe(`redis://127.0.0.1:${proxy.port}`);
    expect(proxy.url('postgres://postgres@127.0.0.1:5432/test')).toBe(
      `postgres://postgres@127.0.0.1:${proxy.port}/test`,
    );
  });
});

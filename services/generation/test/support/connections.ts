import net from 'node:net';

export interface ConnectionAttempt {
  address: string;
  port: number;
}

/**
 * Records every TCP connection attempt this process makes (the socket's own
 * 'connectionAttempt' event, fired with the address actually dialled). Refusal tests assert the
 * list did not grow; every suite asserts it only ever holds loopback addresses.
 */
export function recordConnections(): { attempts: ConnectionAttempt[]; restore(): void } {
  const attempts: ConnectionAttempt[] = [];
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    this.on('connectionAttempt', (address: string, port: number) => attempts.push({ address, port }));
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return {
    attempts,
    restore: () => {
      net.Socket.prototype.connect = original;
    },
  };
}

export const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

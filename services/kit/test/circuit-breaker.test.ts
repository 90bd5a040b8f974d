import { describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, CircuitOpenError } from '../src/circuit-breaker.ts';

const fail = () => Promise.reject(new Error('down'));
const ok = () => Promise.resolve('ok');

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function breaker(options: ConstructorParameters<typeof CircuitBreaker>[1] = {}) {
  const time = clock();
  const changes: string[] = [];
  const circuit = new CircuitBreaker('redis', {
    failureThreshold: 3,
    cooldownMs: 1_000,
    now: time.now,
    onStateChange: ({ from, to }) => changes.push(`${from}→${to}`),
    ...options,
  });
  return { circuit, time, changes };
}

describe('CircuitBreaker', () => {
  it('passes results and errors through while closed, and a success resets the failure count', async () => {
    const { circuit, changes } = breaker();
    await expect(circuit.run(ok)).resolves.toBe('ok');
    await expect(circuit.run(fail)).rejects.toThrow('down');
    await expect(circuit.run(fail)).rejects.toThrow('down');
    await circuit.run(ok);
    await expect(circuit.run(fail)).rejects.toThrow('down');
    await expect(circuit.run(fail)).rejects.toThrow('down');
    expect(circuit.state).toBe('closed');
    expect(changes).toEqual([]);
  });

  it('opens after the threshold of consecutive failures and then fails fast without calling', async () => {
    const { circuit, changes } = breaker();
    for (let i = 0; i < 3; i++) await expect(circuit.run(fail)).rejects.toThrow('down');
    expect(circuit.state).toBe('open');
    const call = vi.fn(ok);
    const error = await circuit.run(call).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CircuitOpenError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(call).not.toHaveBeenCalled();
    expect(changes).toEqual(['closed→open']);
  });

  it('without a probe: after the cool-down one call is the trial; others still fail fast', async () => {
    const { circuit, time, changes } = breaker();
    for (let i = 0; i < 3; i++) await circuit.run(fail).catch(() => {});
    time.advance(999);
    await expect(circuit.run(ok)).rejects.toBeInstanceOf(CircuitOpenError);
    time.advance(1);
    let finish!: () => void;
    const trial = circuit.run(() => new Promise<string>((resolve) => (finish = () => resolve('trial'))));
    expect(circuit.state).toBe('half-open');
    await expect(circuit.run(ok)).rejects.toBeInstanceOf(CircuitOpenError);
    finish();
    await expect(trial).resolves.toBe('trial');
    expect(circuit.state).toBe('closed');
    await expect(circuit.run(ok)).resolves.toBe('ok');
    expect(changes).toEqual(['closed→open', 'open→half-open', 'half-open→closed']);
  });

  it('a failed trial reopens for another cool-down', async () => {
    const { circuit, time, changes } = breaker();
    for (let i = 0; i < 3; i++) await circuit.run(fail).catch(() => {});
    time.advance(1_000);
    await expect(circuit.run(fail)).rejects.toThrow('down');
    expect(circuit.state).toBe('open');
    time.advance(500);
    await expect(circuit.run(ok)).rejects.toBeInstanceOf(CircuitOpenError);
    time.advance(500);
    await expect(circuit.run(ok)).resolves.toBe('ok');
    expect(changes).toEqual(['closed→open', 'open→half-open', 'half-open→open', 'open→half-open', 'half-open→closed']);
  });

  it('with a probe: no caller is the trial; the probe closes the circuit in the background', async () => {
    let healthy = false;
    const probe = vi.fn(() => (healthy ? Promise.resolve() : Promise.reject(new Error('still down'))));
    const { circuit, time } = breaker({ probe });
    for (let i = 0; i < 3; i++) await circuit.run(fail).catch(() => {});
    time.advance(1_000);
    const call = vi.fn(ok);
    await expect(circuit.run(call)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(call).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(circuit.state).toBe('open'));
    expect(probe).toHaveBeenCalledTimes(1);
    healthy = true;
    time.advance(1_000);
    await expect(circuit.run(call)).rejects.toBeInstanceOf(CircuitOpenError);
    await vi.waitFor(() => expect(circuit.state).toBe('closed'));
    await expect(circuit.run(call)).resolves.toBe('ok');
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('calls that were in flight when it opened do not reopen it or announce it again', async () => {
    const { circuit, changes } = breaker();
    const releases: (() => void)[] = [];
    const slowFail = () => new Promise<never>((_, reject) => releases.push(() => reject(new Error('timeout'))));
    const inFlight = Array.from({ length: 6 }, () => circuit.run(slowFail).catch(() => {}));
    for (const release of releases) release();
    await Promise.all(inFlight);
    expect(changes).toEqual(['closed→open']);
    expect(circuit.state).toBe('open');
  });
});

import { describe, expect, it } from 'vitest';
import { Lru } from '../src/lru.ts';

/** A clock the test moves by hand. */
function clock() {
  let at = 1_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('Lru', () => {
  it('drops the least recently used entry beyond its bound, a read counting as use', () => {
    const cache = new Lru<string, number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('expires an entry after its own ttl, or the default, and reads it as missing', () => {
    const time = clock();
    const cache = new Lru<string, string>({ max: 10, ttlMs: 100, now: time.now });
    cache.set('default', 'x');
    cache.set('own', 'y', { ttlMs: 500 });
    cache.set('rewritten', 'z');
    time.advance(99);
    expect(cache.get('default')).toBe('x');
    expect(cache.remainingMs('own')).toBe(401);
    time.advance(1);
    expect(cache.get('default')).toBeUndefined();
    expect(cache.remainingMs('default')).toBe(0);
    expect(cache.get('own')).toBe('y');
    time.advance(400);
    expect(cache.get('own')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps a live entry its expiry when asked (a fixed window), and starts a new one after', () => {
    const time = clock();
    const cache = new Lru<string, number>({ max: 10, now: time.now });
    cache.set('window', 1, { ttlMs: 1_000, keepExpiry: true });
    time.advance(600);
    cache.set('window', 2, { ttlMs: 1_000, keepExpiry: true });
    expect(cache.get('window')).toBe(2);
    expect(cache.remainingMs('window')).toBe(400);
    time.advance(400);
    cache.set('window', 1, { ttlMs: 1_000, keepExpiry: true });
    expect(cache.remainingMs('window')).toBe(1_000);
  });

  it('never expires an entry without a ttl, and forgets on delete and clear', () => {
    const time = clock();
    const cache = new Lru<string, number>({ max: 10, now: time.now });
    cache.set('kept', 1);
    time.advance(1e12);
    expect(cache.get('kept')).toBe(1);
    expect(cache.remainingMs('kept')).toBe(Number.POSITIVE_INFINITY);
    cache.delete('kept');
    expect(cache.get('kept')).toBeUndefined();
    cache.set('other', 2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('grows with what it holds, not with its bound', () => {
    const before = process.memoryUsage().heapUsed;
    const caches = Array.from({ length: 20 }, () => new Lru<string, number>({ max: 1_000_000 }));
    for (const cache of caches) cache.set('one', 1);
    // lru-cache allocated ~20 MB per cache of this bound up front; twenty of them would be 400 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20e6);
  });
});

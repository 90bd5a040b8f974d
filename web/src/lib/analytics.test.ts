/**
 * The batching analytics client (issue 11, item 3) in a stand-in browser: what it sends, when,
 * and that it stays bounded and silent when the network or the service fails. The browser test
 * (web/e2e/analytics.test.ts) proves the same against the real app.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Sent {
  via: 'fetch' | 'beacon';
  body: { anonymousId: string; events: { name: string; at: string; props: Record<string, unknown> }[] };
  init?: RequestInit;
  type?: string;
}

/** window, document, localStorage, fetch and sendBeacon, recording what the client hands over. */
function fakeBrowser({ status = 202, beaconAccepts = true } = {}) {
  const sent: Sent[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const storage = new Map<string, string>();
  const browser = {
    sent,
    status,
    visibilityState: 'visible',
    fire: (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
    storage,
  };
  vi.stubGlobal('window', {
    addEventListener: on,
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
  });
  vi.stubGlobal('document', {
    addEventListener: on,
    get visibilityState() {
      return browser.visibilityState;
    },
  });
  vi.stubGlobal('navigator', {
    sendBeacon: (_url: string, data: Blob) => {
      if (!beaconAccepts) return false;
      void data.text().then((text) => sent.push({ via: 'beacon', body: JSON.parse(text), type: data.type }));
      return true;
    },
  });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push({ via: 'fetch', body: JSON.parse(String(init.body)), init });
    if (browser.status === 0) throw new TypeError('Failed to fetch');
    return new Response(null, { status: browser.status });
  });
  return browser;
}

const load = async () => {
  vi.resetModules();
  return import('./analytics');
};
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('analytics client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends known events with known, short, non-personal properties every 5 s, with a kept browser id', async () => {
    const browser = fakeBrowser();
    const { track } = await load();
    track('button_click', {
      label: `  ${'x'.repeat(200)}  `,
      location: 'hero',
      email: 'ada@acme.com',
      section: 'Write to ada@acme.com',
      source: 'bad\u0000byte',
      count: 3,
      outcome: null,
      action: undefined,
    });
    track('not_an_event', { label: 'ignored' });
    track('page_view', { path: '/pricing' });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(browser.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);

    expect(browser.sent).toHaveLength(1);
    const [batch] = browser.sent;
    expect(batch?.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
    expect(batch?.body.events.map((event) => [event.name, event.props])).toEqual([
      ['button_click', { label: 'x'.repeat(120), location: 'hero', count: 3 }],
      ['page_view', { path: '/pricing' }],
    ]);
    expect(Object.keys(batch?.body ?? {}).sort()).toEqual(['anonymousId', 'events']);
    const id = batch?.body.anonymousId;
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect([...browser.storage.values()]).toEqual([id]);

    track('auth', { action: 'login', outcome: 'success' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(browser.sent[1]?.body.anonymousId).toBe(id);
  });

  it('sends at once at 20 events, and with a JSON beacon when the page is hidden', async () => {
    const browser = fakeBrowser();
    const { track } = await load();
    for (let i = 0; i < 20; i++) track('section_navigation', { section: `s${i}` });
    await settle();
    expect(browser.sent.map((s) => [s.via, s.body.events.length])).toEqual([['fetch', 20]]);

    track('button_click', { label: 'Start Over' });
    browser.visibilityState = 'hidden';
    browser.fire('visibilitychange');
    await settle();
    expect(browser.sent[1]).toMatchObject({ via: 'beacon', type: 'application/json' });
    expect(browser.sent[1]?.body.events.map((event) => event.props.label)).toEqual(['Start Over']);
  });

  it('splits a batch that would be larger than the service takes', async () => {
    const browser = fakeBrowser();
    const { track, flushAnalytics } = await load();
    const keys = ['label', 'location', 'section', 'source', 'action', 'outcome', 'path', 'industry', 'kind'];
    const keysToo = ['targetSpecificCompany', 'language', 'plan', 'billing', 'rating'];
    // 19 events of 14 values of 120 characters: about 36 KB as one batch.
    for (let i = 0; i < 19; i++) {
      track('button_click', Object.fromEntries([...keys, ...keysToo].map((key) => [key, `${i}`.padEnd(120, 'x')])));
    }
    await flushAnalytics();
    await flushAnalytics();
    const sizes = browser.sent.map((s) => new TextEncoder().encode(JSON.stringify(s.body)).length);
    expect(browser.sent.flatMap((s) => s.body.events)).toHaveLength(19);
    expect(browser.sent.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(30 * 1024);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', async () => {
    const browser = fakeBrowser({ beaconAccepts: false });
    const { track } = await load();
    track('page_view', { path: '/' });
    browser.fire('pagehide');
    await settle();
    expect(browser.sent.map((s) => s.via)).toEqual(['fetch']);
  });

  it('keeps events while the service is away, at most 100 (the oldest dropped and counted), and never throws', async () => {
    const browser = fakeBrowser({ status: 0 });
    const { track, droppedAnalyticsEvents } = await load();
    for (let i = 0; i < 130; i++) expect(() => track('page_view', { path: `/p${i}` })).not.toThrow();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(droppedAnalyticsEvents()).toBe(30);

    browser.status = 202;
    const before = browser.sent.length;
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    const delivered = browser.sent.slice(before).flatMap((s) => s.body.events.map((event) => event.props.path));
    expect(delivered).toHaveLength(100);
    expect(delivered[0]).toBe('/p30');
    expect(delivered.at(-1)).toBe('/p129');
  });

  it('lets a batch the service refuses go instead of sending it again', async () => {
    const browser = fakeBrowser({ status: 400 });
    const { track } = await load();
    track('page_view', { path: '/' });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(browser.sent).toHaveLength(1);
  });

  it('does nothing outside a browser', async () => {
    const { track, flushAnalytics } = await load();
    expect(() => track('page_view', { path: '/' })).not.toThrow();
    await expect(flushAnalytics()).resolves.toBeUndefined();
  });
});

/**
 * The one place product analytics go through (docs/product.md §1: clicks, section navigation,
 * authentication, generation; issue 11, item 3). Events are queued in the page and sent in
 * batches to the first-party POST /api/events: every ~5 s or at 20 events with a keepalive fetch,
 * and with navigator.sendBeacon when the page is hidden or left, so the last clicks still arrive.
 *
 * What leaves the page is what proto's TrackEventsRequest accepts: a known event name, known
 * property keys with short values, nothing that looks like an e-mail address (dropped here, so one
 * careless call site cannot get a whole batch refused), and a random browser id kept in
 * localStorage. The user id is not sent: the service reads it from the session cookie.
 *
 * Analytics must never break the page: nothing here throws into a caller, a full queue drops its
 * oldest events (counted), and a batch the service refuses is dropped rather than retried.
 */
import {
  ANALYTICS_LIMITS,
  ANALYTICS_PROP_KEYS,
  type AnalyticsPropKey,
  hasForbiddenCharacter,
  WEB_ANALYTICS_EVENTS,
  type WebAnalyticsEventName,
} from '@seqgen/proto';

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>;
export type AnalyticsSink = (event: string, props: AnalyticsProps) => void;

/** Event names used across the app, so dashboards see one spelling. */
export const AnalyticsEvent = {
  click: 'button_click',
  sectionNavigation: 'section_navigation',
  auth: 'auth',
  pageView: 'page_view',
  analysisCompleted: 'analysis_completed',
  sequenceSaved: 'sequence_saved',
} as const satisfies Record<string, WebAnalyticsEventName>;

export const ANALYTICS_ENDPOINT = '/api/events';
/** Flush when this many are queued (the service takes up to 50 per batch). */
const FLUSH_AT = 20;
const FLUSH_EVERY_MS = 5_000;
/** Past this the oldest are dropped: a page left open offline must not grow without bound. */
const MAX_QUEUE = 100;
/** Below the 32 KiB the service and the gateway take on /api/events, with room to spare. */
const MAX_BODY_BYTES = 30 * 1024;
const ANONYMOUS_ID_KEY = 'seqgen:analytics:anonymous-id';
const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

interface QueuedEvent {
  name: WebAnalyticsEventName;
  at: string;
  props: Partial<Record<AnalyticsPropKey, string | number | boolean>>;
}

const knownEvents = new Set<string>(WEB_ANALYTICS_EVENTS);
const knownKeys = new Set<string>(ANALYTICS_PROP_KEYS);

let queue: QueuedEvent[] = [];
let dropped = 0;
let timer: ReturnType<typeof setInterval> | undefined;
let listening = false;
let memoryAnonymousId: string | undefined;
let inFlight: Promise<void> | undefined;

const devTrace: AnalyticsSink = (event, props) => {
  // biome-ignore lint/suspicious/noConsole: development-only trace of what is sent.
  console.debug('[analytics]', event, props);
};
let extraSink: AnalyticsSink | null = import.meta.env?.DEV ? devTrace : null;

/** Another listener besides the batching transport (null: none); the dev build traces to the console. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  extraSink = next;
}

/** Events dropped because the queue was full (since the page loaded). */
export function droppedAnalyticsEvents(): number {
  return dropped;
}

/** Records an event; analytics must never break the page, so every failure is swallowed. */
export function track(event: string, props: AnalyticsProps = {}): void {
  try {
    extraSink?.(event, props);
  } catch {
    // Deliberately ignored: a broken listener is not the user's problem.
  }
  try {
    enqueue(event, props);
  } catch {
    // Deliberately ignored, as above.
  }
}

/**
 * Sends what is queued now; resolves when the request settles. One fetch at a time, so a batch
 * that fails goes back to the front of the queue in order; a flush asked for meanwhile waits for
 * the one running (which goes on while 20 or more are queued) or the next tick.
 */
export function flushAnalytics(): Promise<void> {
  inFlight ??= send('fetch')
    .catch(() => {
      // Never thrown into the page.
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

function inBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined' && typeof fetch === 'function';
}

function enqueue(event: string, props: AnalyticsProps): void {
  if (!inBrowser() || !knownEvents.has(event)) return;
  queue.push({ name: event as WebAnalyticsEventName, at: new Date().toISOString(), props: cleanProps(props) });
  if (queue.length > MAX_QUEUE) {
    dropped += queue.length - MAX_QUEUE;
    queue = queue.slice(-MAX_QUEUE);
  }
  startTransport();
  if (queue.length >= FLUSH_AT) void flushAnalytics();
}

/** Known keys only; text trimmed and cut short; null, undefined and unsendable values left out. */
function cleanProps(props: AnalyticsProps): QueuedEvent['props'] {
  const clean: QueuedEvent['props'] = {};
  for (const [key, value] of Object.entries(props)) {
    if (!knownKeys.has(key) || value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    if (typeof value === 'string') {
      const text = value.trim().slice(0, ANALYTICS_LIMITS.propValueLength);
      // NUL or a lone surrogate (proto's text rule) would get the whole batch refused.
      if (LOOKS_LIKE_EMAIL.test(text) || hasForbiddenCharacter(text)) continue;
      clean[key as AnalyticsPropKey] = text;
    } else {
      clean[key as AnalyticsPropKey] = value;
    }
  }
  return clean;
}

function startTransport(): void {
  if (!timer) timer = setInterval(() => void flushAnalytics(), FLUSH_EVERY_MS);
  if (listening) return;
  listening = true;
  // The last chance to send: a hidden page may be frozen or discarded without further notice.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void send('beacon').catch(() => {});
  });
  window.addEventListener('pagehide', () => void send('beacon').catch(() => {}));
}

async function send(how: 'fetch' | 'beacon'): Promise<void> {
  if (!inBrowser() || queue.length === 0) return;
  const id = anonymousId();
  let batch = queue.slice(0, ANALYTICS_LIMITS.eventsPerBatch);
  let body = JSON.stringify({ anonymousId: id, events: batch });
  // Long property values can make 50 events larger than the service takes (413, all lost).
  while (batch.length > 1 && new TextEncoder().encode(body).length > MAX_BODY_BYTES) {
    batch = batch.slice(0, Math.ceil(batch.length / 2));
    body = JSON.stringify({ anonymousId: id, events: batch });
  }
  queue = queue.slice(batch.length);
  // A Blob typed application/json: the services refuse text/plain bodies (a CSRF guard), which is
  // what sendBeacon would send for a plain string.
  if (how === 'beacon' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }))) {
      if (queue.length > 0) await send('beacon');
      return;
    }
  }
  let status: number;
  try {
    const response = await fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    });
    status = response.status;
  } catch {
    status = 0;
  }
  // Unreachable, busy or rate-limited: keep the events for the next flush (the queue stays
  // bounded). Any other refusal would be refused again: those events are let go.
  if (status === 0 || status === 429 || status >= 500) requeue(batch);
  else if (queue.length >= FLUSH_AT) await send(how);
}

function requeue(batch: QueuedEvent[]): void {
  queue = [...batch, ...queue];
  if (queue.length > MAX_QUEUE) {
    dropped += queue.length - MAX_QUEUE;
    queue = queue.slice(-MAX_QUEUE);
  }
}

/** Random, made here, kept in localStorage: visits are counted without knowing who visits. */
function anonymousId(): string {
  try {
    const stored = window.localStorage.getItem(ANONYMOUS_ID_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    window.localStorage.setItem(ANONYMOUS_ID_KEY, fresh);
    return fresh;
  } catch {
    // No storage (private mode): one id for this page's life.
    memoryAnonymousId ??= crypto.randomUUID();
    return memoryAnonymousId;
  }
}

import { type ConsumerHandle, SESSION_ENDED_TOPIC, type SessionEnded } from '@seqgen/kit';

/** Broadcast after a user's usage changed (the usage cache refreshed); every replica hears it. */
export const USAGE_CHANGED_TOPIC = 'usage-changed';

/** What a watcher is told: the usage changed, the session ended, or broadcasts may have been missed. */
export type UsageNews = 'changed' | 'ended' | 'resync';

interface Broadcasts {
  broadcast(topic: string, data: string): void;
  listen(
    topic: string,
    handler: (data: string) => void,
    onGap?: (state: 'lost' | 'back') => void,
  ): Promise<ConsumerHandle>;
}

interface Watcher {
  sessionId: string;
  tell: (news: UsageNews) => void;
}

/**
 * Usage pushed to open tabs (issue 25, item 2): instead of every tab asking every 5 s, a tab keeps
 * one stream (GET /api/usage/stream) and hears when its usage changes. The consumer that changed
 * an allowance broadcasts it over the bus after the usage cache is refreshed, so whichever
 * replica holds the tab's stream hears it; an ended session closes its streams. A watcher costs
 * nothing while nothing changes: no database read, no question to auth.
 */
export class UsageFeed {
  readonly #bus: Broadcasts;
  readonly #watchers = new Map<string, Set<Watcher>>();
  #handles: ConsumerHandle[] = [];

  constructor(bus: Broadcasts) {
    this.#bus = bus;
  }

  async start(): Promise<void> {
    const gap = (state: 'lost' | 'back') => {
      if (state === 'back') for (const set of this.#watchers.values()) for (const w of set) w.tell('resync');
    };
    this.#handles = await Promise.all([
      this.#bus.listen(
        USAGE_CHANGED_TOPIC,
        (data) => this.#tell(JSON.parse(data) as { userId?: unknown }, 'changed'),
        gap,
      ),
      this.#bus.listen(SESSION_ENDED_TOPIC, (data) => {
        const ended = JSON.parse(data) as SessionEnded;
        this.#tell(ended, 'ended', ended.sessionId);
      }),
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#handles.map((handle) => handle.stop()));
    this.#handles = [];
  }

  /** Tells every replica's watchers of this user. */
  changed(userId: string): void {
    this.#bus.broadcast(USAGE_CHANGED_TOPIC, JSON.stringify({ userId }));
  }

  /** Watches one user's usage for one session; returns how to stop. */
  watch(userId: string, sessionId: string, tell: (news: UsageNews) => void): () => void {
    let set = this.#watchers.get(userId);
    if (!set) {
      set = new Set();
      this.#watchers.set(userId, set);
    }
    const watcher = { sessionId, tell };
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.#watchers.get(userId) === set) this.#watchers.delete(userId);
    };
  }

  /** Open streams, for the metrics and tests. */
  get watching(): number {
    let count = 0;
    for (const set of this.#watchers.values()) count += set.size;
    return count;
  }

  #tell(to: { userId?: unknown }, news: UsageNews, sessionId?: string): void {
    if (typeof to.userId !== 'string') return;
    for (const watcher of this.#watchers.get(to.userId) ?? []) {
      if (sessionId === undefined || watcher.sessionId === sessionId) watcher.tell(news);
    }
  }
}

import type { Logger } from './logger.ts';

type Closer = () => Promise<void>;

/**
 * Ordered shutdown: the HTTP server first (in-flight requests finish, new ones get 503), then
 * consumers and relays, then connections. Each step is bounded so a hung dependency cannot keep
 * a pod from terminating.
 */
export class Lifecycle {
  readonly #closers: { name: string; close: Closer }[] = [];
  readonly #logger: Logger;
  #closing: Promise<void> | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Registered closers run in reverse order of registration (last opened, first closed). */
  add(name: string, close: Closer): void {
    this.#closers.push({ name, close });
  }

  close(stepTimeoutMs = 10_000): Promise<void> {
    this.#closing ??= (async () => {
      for (const { name, close } of [...this.#closers].reverse()) {
        try {
          await withTimeout(close(), stepTimeoutMs, name);
        } catch (error) {
          this.#logger.error({ err: error }, `shutdown step "${name}" failed`);
        }
      }
    })();
    return this.#closing;
  }

  /** SIGTERM/SIGINT → graceful close, then exit. A second signal exits at once. */
  exitOnSignals(): void {
    let signalled = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (signalled) process.exit(1);
      signalled = true;
      this.#logger.info({ signal }, 'shutting down');
      this.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
}

async function withTimeout(promise: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`"${name}" did not close within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

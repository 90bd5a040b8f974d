/**
 * The gateway of `npm start` on a thread of its own (issue 12; docs/architecture.md §2). Every
 * request and every streamed event crosses the gateway, and the services answer on the main
 * thread: on one thread the two queue behind each other, on two they run side by side on the
 * machine's second core, as they do when each service is its own process (BENCH_INFRA=real).
 *
 * Both ends are in this file: startGatewayThread runs on the main thread (scripts/start.ts); the
 * rest runs in the worker. The worker starts its own tracing when it is configured (instrumentation
 * is per thread), serves its own metrics port, and is closed first on shutdown, as the process that
 * takes requests must be. Its log lines are written out by the main thread: as JSON lines, or at a
 * terminal through the readable stream that pairs each request's gateway and service lines.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createLogger, Lifecycle, type Logger, type PrettyLogStream, startTelemetry } from '@seqgen/kit';

type Env = Record<string, string | undefined>;

interface ThreadData {
  logLevel: string;
}

type FromThread = { type: 'log'; line: string } | { type: 'started'; url: string } | { type: 'closed' };
type ToThread = { type: 'start'; env: Env } | { type: 'close' };

export interface GatewayThread {
  /** Starts the gateway with `env` (the services' URLs among it); resolves with its URL once it listens. */
  start(env: Env): Promise<{ url: string }>;
}

/**
 * Opens the gateway's thread at once, so it loads its modules on the second core while the
 * services start on this one; start() then starts the gateway, registered on `lifecycle` so it
 * closes before anything it proxies to (a thread never started ends with the process); if the thread dies once started, the app shuts down and
 * exits 1 rather than running without its entry point.
 */
export function openGatewayThread({
  lifecycle,
  logger,
  pretty,
}: {
  lifecycle: Lifecycle;
  logger: Logger;
  pretty: PrettyLogStream | undefined;
}): GatewayThread {
  const data: ThreadData = { logLevel: process.env.LOG_LEVEL ?? 'info' };
  const worker = new Worker(new URL(import.meta.url), {
    workerData: data,
    // A worker's heap is sized by these, not by package.json's --max-*-space-size flags: the same
    // footprint rule (scripts/start.ts), the gateway keeping far less live than the services.
    resourceLimits: { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 128 },
  });
  let closing = false;
  let started = false;
  let listening: { resolve: (url: string) => void; reject: (error: Error) => void } | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  let failure: Error | undefined;
  const fail = (error: Error) => {
    if (closing || failure) return;
    failure = error;
    if (!started) {
      listening?.reject(error);
      return;
    }
    logger.fatal({ err: error }, 'the gateway thread stopped; shutting down');
    void lifecycle.close().finally(() => process.exit(1));
  };
  worker.on('message', (message: FromThread) => {
    if (message.type === 'log') {
      if (pretty) pretty.write(message.line);
      else process.stdout.write(message.line);
    } else if (message.type === 'started') {
      started = true;
      listening?.resolve(message.url);
    } else if (message.type === 'closed') void worker.terminate();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the gateway thread exited (code ${code})`)));

  return {
    start: (env) =>
      new Promise((resolve, reject) => {
        if (failure) {
          reject(failure);
          return;
        }
        listening = { resolve: (url) => resolve({ url }), reject };
        // Registered now, after the services: the lifecycle closes the last registered first.
        lifecycle.add('gateway', async () => {
          closing = true;
          worker.postMessage({ type: 'close' } satisfies ToThread);
          await exited;
        });
        worker.postMessage({ type: 'start', env } satisfies ToThread);
      }),
  };
}

function runThread(data: ThreadData): void {
  const port = parentPort;
  if (!port) throw new Error('gateway-thread.ts runs as a worker thread');
  // Loaded here rather than at the top: the main thread imports this file too and needs none of it.
  const gateway = import('../services/gateway/src/main.ts');
  const send = (message: FromThread) => port.postMessage(message);
  // A pino destination (one serialized line per write) that the main thread writes out: in order
  // with the thread's other messages, so none is lost when the thread ends after 'closed'.
  const logDestination = { write: (line: string) => send({ type: 'log', line }) };
  const logger = createLogger({ service: 'gateway', level: data.logLevel, destination: logDestination });
  const lifecycle = new Lifecycle(logger);

  const start = async (env: Env) => {
    try {
      await startTelemetry(env, { services: ['gateway'], lifecycle, logger });
      const { url } = await (await gateway).start(env, lifecycle, { logDestination });
      send({ type: 'started', url });
    } catch (error) {
      await lifecycle.close();
      throw error;
    }
  };
  port.on('message', (message: ToThread) => {
    // A failed start is thrown out of the thread: the main thread gets it as the worker's 'error'.
    if (message.type === 'start')
      start(message.env).catch((error: unknown) =>
        setImmediate(() => {
          throw error;
        }),
      );
    else void lifecycle.close().finally(() => send({ type: 'closed' }));
  });
}

if (!isMainThread && (workerData as ThreadData | undefined)?.logLevel) runThread(workerData as ThreadData);

/**
 * A small fixed pool of worker threads for CPU-bound work that must not hold the service's
 * event loop (issue 10, finding 1: one hostile page stalled every request for up to 30 s).
 * Tasks queue (bounded) for a free worker; a task that runs past its time limit has its worker
 * terminated — `terminate()` stops even a loop or a regex that never yields — and a fresh one
 * started in its place.
 */
import { parentPort, type ResourceLimits, Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The worker's module (calls serveTasks): a .ts file runs as is, Node strips its types. */
  url: URL;
  size: number;
  /** Tasks waiting for a worker beyond this are refused at once (WorkerPoolBusy). */
  maxQueue: number;
  /**
   * A task running longer than this fails (WorkerTimedOut) and its worker is replaced. Counted
   * from the moment a loaded worker takes the task, so a worker's start-up never counts.
   */
  timeoutMs: number;
  resourceLimits?: ResourceLimits | undefined;
  /** Told when a worker is replaced (for the log). */
  onRecycle?: ((reason: 'timeout' | 'crash', error?: Error) => void) | undefined;
  /**
   * Workers are started when work is near (warm) or arrives, and stopped when the pool has had
   * none for this long: an idle service holds no worker's heap (issue 25, "≤ 350 MB idle").
   */
  idleMs?: number | undefined;
}

/** How long an unused pool keeps its workers by default. */
export const WORKER_IDLE_MS = 60_000;

/** Every worker is busy and the queue is full: try again shortly. */
export class WorkerPoolBusy extends Error {
  constructor() {
    super('every worker is busy and the queue is full');
    this.name = 'WorkerPoolBusy';
  }
}

/** The task ran past the pool's time limit; its worker was terminated. */
export class WorkerTimedOut extends Error {
  constructor(ms: number) {
    super(`the task ran longer than ${ms} ms`);
    this.name = 'WorkerTimedOut';
  }
}

interface Task<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
}

interface Slot<In, Out> {
  worker: Worker | undefined;
  /** The worker has loaded its module and takes tasks. */
  ready: boolean;
  task: Task<In, Out> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** What a worker sends: that it is ready, then per task the result or what it threw. */
type Message<Out> = { ready: true } | { ok: true; output: Out } | { ok: false; message: string };

const closed = () => new Error('the worker pool is closed');

export class WorkerPool<In, Out> {
  readonly #options: WorkerPoolOptions;
  readonly #slots: Slot<In, Out>[];
  readonly #queue: Task<In, Out>[] = [];
  #closed = false;
  #retire: NodeJS.Timeout | undefined;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
    this.#slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: undefined,
      ready: false,
      task: undefined,
      timer: undefined,
    }));
  }

  /**
   * Starts the workers that are not running, so a task that comes shortly (a page being fetched)
   * does not wait for a worker to load its modules.
   */
  warm(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) if (!slot.worker) this.#spawn(slot);
    this.#retireWhenIdle();
  }

  /** Workers running now (for tests and metrics). */
  get threadIds(): number[] {
    return this.#slots.flatMap((slot) => (slot.worker ? [slot.worker.threadId] : []));
  }

  run(input: In): Promise<Out> {
    if (this.#closed) return Promise.reject(closed());
    return new Promise<Out>((resolve, reject) => {
      const free = this.#slots.some((slot) => slot.ready && !slot.task);
      if (!free && this.#queue.length >= this.#options.maxQueue) {
        reject(new WorkerPoolBusy());
        return;
      }
      clearTimeout(this.#retire);
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retire);
    for (const task of this.#queue.splice(0)) task.reject(closed());
    await Promise.all(
      this.#slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = undefined;
        this.#finish(slot)?.reject(closed());
        await worker?.terminate();
      }),
    );
  }

  /** Hands queued tasks to ready workers; starts a worker where one was lost and work waits. */
  #pump(): void {
    for (const slot of this.#slots) {
      if (this.#closed || this.#queue.length === 0) return;
      if (!slot.worker) this.#spawn(slot);
      else if (slot.ready && !slot.task) this.#dispatch(slot, this.#queue.shift() as Task<In, Out>);
    }
  }

  #spawn(slot: Slot<In, Out>): void {
    const worker = new Worker(this.#options.url, { resourceLimits: this.#options.resourceLimits });
    // An idle pool never keeps the process alive; a running task does (see #dispatch).
    worker.unref();
    worker.on('message', (message: Message<Out>) => {
      if (slot.worker !== worker) return;
      if ('ready' in message) {
        slot.ready = true;
        this.#pump();
        return;
      }
      const task = this.#finish(slot);
      if (message.ok) task?.resolve(message.output);
      else task?.reject(new Error(message.message));
      this.#pump();
    });
    // An uncaught error or running out of memory: the worker is gone, its task fails.
    worker.on('error', (error) => this.#lost(slot, worker, error));
    worker.on('exit', (code) => this.#lost(slot, worker, new Error(`worker exited with code ${code}`)));
    slot.worker = worker;
    slot.ready = false;
  }

  #dispatch(slot: Slot<In, Out>, task: Task<In, Out>): void {
    const worker = slot.worker as Worker;
    slot.task = task;
    worker.ref();
    slot.timer = setTimeout(() => {
      slot.worker = undefined;
      const stuck = this.#finish(slot);
      void worker.terminate();
      this.#options.onRecycle?.('timeout');
      // The module loaded before, so a replacement is started at once; queued tasks wait for it.
      if (!this.#closed) this.#spawn(slot);
      stuck?.reject(new WorkerTimedOut(this.#options.timeoutMs));
      this.#pump();
    }, this.#options.timeoutMs);
    worker.postMessage(task.input);
  }

  /** Frees the slot and hands back the task it was running. */
  #finish(slot: Slot<In, Out>): Task<In, Out> | undefined {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const task = slot.task;
    slot.task = undefined;
    slot.worker?.unref();
    this.#retireWhenIdle();
    return task;
  }

  /** Once nothing runs or waits, stops every worker after idleMs unless work comes first. */
  #retireWhenIdle(): void {
    if (this.#closed || this.#queue.length > 0 || this.#slots.some((slot) => slot.task)) return;
    clearTimeout(this.#retire);
    this.#retire = setTimeout(() => {
      if (this.#queue.length > 0 || this.#slots.some((slot) => slot.task)) return;
      for (const slot of this.#slots) {
        const worker = slot.worker;
        slot.worker = undefined;
        slot.ready = false;
        void worker?.terminate();
      }
    }, this.#options.idleMs ?? WORKER_IDLE_MS);
    this.#retire.unref();
  }

  #lost(slot: Slot<In, Out>, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    const loaded = slot.ready;
    slot.worker = undefined;
    slot.ready = false;
    const task = this.#finish(slot);
    if (this.#closed) return;
    this.#options.onRecycle?.('crash', error);
    task?.reject(error);
    // A worker that died before it was ready cannot load its module: unless another worker
    // runs, the queue fails now rather than waiting for workers that will never start. The
    // lost worker is replaced when work arrives (#pump), so a broken module never restarts
    // in a loop.
    if (!loaded && !this.#slots.some((other) => other.ready)) {
      for (const queued of this.#queue.splice(0)) queued.reject(error);
      return;
    }
    this.#pump();
  }
}

/**
 * The worker's side: answers each task with `handle(input)`, or with the message of what it
 * threw. Call once at the top of the worker module, after its imports have loaded.
 */
export function serveTasks<In, Out>(handle: (input: In) => Out): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', (input: In) => {
    let reply: Message<Out>;
    try {
      reply = { ok: true, output: handle(input) };
    } catch (error) {
      reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies Message<Out>);
}

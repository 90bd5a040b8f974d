import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TraceCarrier } from '../telemetry.ts';
import { DUPLICATE_WINDOW_MS, type Outcome } from './consume-loop.ts';
import type { RpcResult } from './rpc.ts';
import type { ConsumerHandle } from './types.ts';

/*
 * The in-process stand-in for a NATS server. Streams, durable consumer state and responders live
 * in module scope, not in a Bus instance, for the same reason they live in the server: a service
 * that closes its bus and connects again (a restart, or several services in one process) must
 * find its durable where it left it.
 */

interface StoredMessage {
  seq: number;
  subject: string;
  /** The JSON text as published: every delivery parses it afresh, so no object is shared. */
  body: string;
  /** Message headers as NATS would keep them: the trace context (bus/tracing.ts). */
  headers?: TraceCarrier | undefined;
}

interface Pending {
  seq: number;
  deliveryCount: number;
  /** When it may be handed out again: the ackWait deadline, or the end of a nak delay. */
  eligibleAt: number;
  /** Identifies the latest delivery, so a late nak from a superseded delivery is ignored. */
  token: number;
}

export interface Delivery {
  seq: number;
  deliveryCount: number;
  token: number;
  body: string;
  headers?: TraceCarrier | undefined;
}

export class MemoryStream {
  readonly log: StoredMessage[] = [];
  readonly durables = new Map<string, Durable>();
  /** Message id → when its de-duplication entry expires; insertion order is expiry order. */
  private readonly seen = new Map<string, number>();

  /** The new message's sequence, or 0 for a duplicate inside the window (a PubAck with duplicate: true). */
  append(subject: string, body: string, msgId: string | undefined, headers?: TraceCarrier): number {
    const now = Date.now();
    for (const [id, expiresAt] of this.seen) {
      if (expiresAt > now) break;
      this.seen.delete(id);
    }
    if (msgId !== undefined) {
      if (this.seen.has(msgId)) return 0;
      this.seen.set(msgId, now + DUPLICATE_WINDOW_MS);
    }
    const seq = this.log.length + 1;
    this.log.push({ seq, subject, body, headers });
    for (const durable of this.durables.values()) {
      if (durable.subject === subject) durable.pump();
    }
    return seq;
  }
}

/** The state JetStream keeps for a durable pull consumer, shared by every worker bound to it. */
export class Durable {
  readonly name: string;
  readonly subject: string;
  ackWaitMs: number;
  private readonly stream: MemoryStream;
  /** Index into the stream log of the next message this durable has never delivered. */
  private cursor = 0;
  private nextToken = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly idle = new Set<Worker>();
  private wakeTimer: NodeJS.Timeout | undefined;
  /**
   * How deliveries were settled for good, as the server knows it (its ack count; its
   * MSG_TERMINATED advisories, by stream sequence): the contract test checks the outcome, not a
   * log line. Terminations are rare (invalid payloads); only the latest are kept.
   */
  readonly settled = { acked: 0, terminated: [] as number[] };

  constructor(stream: MemoryStream, name: string, subject: string, ackWaitMs: number) {
    this.stream = stream;
    this.name = name;
    this.subject = subject;
    this.ackWaitMs = ackWaitMs;
  }

  /** Messages on this durable's subject it has not delivered yet, and those awaiting an ack. */
  lag(): { pending: number; unacknowledged: number } {
    let pending = 0;
    for (let i = this.cursor; i < this.stream.log.length; i++) {
      if (this.stream.log[i]?.subject === this.subject) pending += 1;
    }
    return { pending, unacknowledged: this.pending.size };
  }

  ready(worker: Worker): void {
    this.idle.add(worker);
    this.pump();
  }

  leave(worker: Worker): void {
    this.idle.delete(worker);
    if (this.idle.size === 0) this.clearWake();
  }

  /** Hands eligible messages to idle workers, then sleeps until the next one becomes eligible. */
  pump(): void {
    const now = Date.now();
    for (const worker of this.idle) {
      const delivery = this.next(now);
      if (!delivery) break;
      this.idle.delete(worker);
      worker.deliver(delivery);
    }
    this.scheduleWake(now);
  }

  settle(delivery: Delivery, outcome: Outcome): void {
    const pending = this.pending.get(delivery.seq);
    if (!pending) return;
    if (outcome.kind === 'nak') {
      if (pending.token === delivery.token) pending.eligibleAt = Date.now() + outcome.delayMs;
    } else {
      // Like JetStream, an ack or term settles the message whichever delivery it came from.
      this.pending.delete(delivery.seq);
      if (outcome.kind === 'ack') this.settled.acked += 1;
      else if (this.settled.terminated.push(delivery.seq) > 1_000) this.settled.terminated.shift();
    }
    this.pump();
  }

  private next(now: number): Delivery | undefined {
    // Redeliveries first, oldest first, as JetStream does.
    let due: Pending | undefined;
    for (const p of this.pending.values()) {
      if (p.eligibleAt <= now && (!due || p.seq < due.seq)) due = p;
    }
    if (due) {
      due.deliveryCount += 1;
      due.eligibleAt = now + this.ackWaitMs;
      due.token = this.nextToken++;
      const message = this.message(due.seq);
      return { seq: due.seq, deliveryCount: due.deliveryCount, token: due.token, ...message };
    }
    while (this.cursor < this.stream.log.length) {
      const message = this.stream.log[this.cursor++];
      if (!message || message.subject !== this.subject) continue;
      const fresh: Pending = {
        seq: message.seq,
        deliveryCount: 1,
        eligibleAt: now + this.ackWaitMs,
        token: this.nextToken++,
      };
      this.pending.set(message.seq, fresh);
      return { seq: fresh.seq, deliveryCount: 1, token: fresh.token, body: message.body, headers: message.headers };
    }
    return undefined;
  }

  private message(seq: number): { body: string; headers?: TraceCarrier | undefined } {
    const message = this.stream.log[seq - 1];
    if (!message) throw new Error(`memory bus: message ${seq} missing from stream`);
    return { body: message.body, headers: message.headers };
  }

  private scheduleWake(now: number): void {
    this.clearWake();
    if (this.idle.size === 0 || this.pending.size === 0) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const p of this.pending.values()) earliest = Math.min(earliest, p.eligibleAt);
    this.wakeTimer = setTimeout(() => this.pump(), Math.max(0, earliest - now));
    // An idle in-process consumer must not keep the process alive, as a socket wait would not.
    this.wakeTimer.unref();
  }

  private clearWake(): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
  }
}

/** One consume() call: processes one message at a time, like a pull consumer with batch 1. */
export class Worker implements ConsumerHandle {
  private stopped = false;
  private inFlight: Promise<void> | undefined;
  private readonly durable: Durable;
  private readonly run: (delivery: Delivery) => Promise<Outcome>;
  private readonly onStopped: () => void;

  constructor(durable: Durable, run: (delivery: Delivery) => Promise<Outcome>, onStopped: () => void) {
    this.durable = durable;
    this.run = run;
    this.onStopped = onStopped;
  }

  start(): void {
    this.durable.ready(this);
  }

  deliver(delivery: Delivery): void {
    this.inFlight = this.process(delivery).finally(() => {
      this.inFlight = undefined;
      if (!this.stopped) this.durable.ready(this);
    });
  }

  private async process(delivery: Delivery): Promise<void> {
    // Deliver on a later turn, as a network would: the publisher's call returns before any
    // handler runs, and handlers never run inside publish().
    await nextTurn();
    if (this.stopped) {
      this.durable.settle(delivery, { kind: 'nak', delayMs: 0 });
      return;
    }
    this.durable.settle(delivery, await this.run(delivery));
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.inFlight;
    this.stopped = true;
    this.durable.leave(this);
    await this.inFlight;
    this.onStopped();
  }
}

export interface Responder {
  answer(body: string, headers: TraceCarrier): Promise<RpcResult>;
}

const streams = new Map<string, MemoryStream>();
const responders = new Map<string, Responder[]>();
let roundRobin = 0;

export function streamNamed(name: string): MemoryStream {
  let stream = streams.get(name);
  if (!stream) {
    stream = new MemoryStream();
    streams.set(name, stream);
  }
  return stream;
}

/** Answers requests on a subject, sharing them round-robin with the subject's other responders. */
export function addResponder(subject: string, responder: Responder): void {
  responders.set(subject, [...(responders.get(subject) ?? []), responder]);
}

export function removeResponder(subject: string, responder: Responder): void {
  const remaining = (responders.get(subject) ?? []).filter((r) => r !== responder);
  if (remaining.length > 0) responders.set(subject, remaining);
  else responders.delete(subject);
}

/** The next of a subject's responders in turn (a queue group), or undefined when none listens. */
export function nextResponder(subject: string): Responder | undefined {
  const candidates = responders.get(subject) ?? [];
  return candidates[roundRobin++ % Math.max(1, candidates.length)];
}

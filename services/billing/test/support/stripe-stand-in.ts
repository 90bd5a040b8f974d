import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A Stripe-API-shaped server on 127.0.0.1 (docs/architecture.md §8): billing's real `stripe` SDK talks to it
 * over HTTP exactly as it would to api.stripe.com, and tests get webhooks signed with the real
 * library. It speaks the slice of the API billing uses (customers, prices by lookup_key,
 * subscriptions with payment_behavior=default_incomplete and the first invoice's
 * confirmation_secret, updates, cancellation), in the shapes of API version 2025-03+ (billing
 * periods on subscription items, invoice.parent.subscription_details).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Json = Record<string, unknown>;

const PLAN_PRICES = [
  ['individual', 1500],
  ['leader', 2500],
  ['organization', 5000],
] as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

export class StripeStandIn {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly prices: Json[];
  /** The next request to these paths answers this HTTP status with a Stripe error body. */
  readonly failures: { status: number; type: string; message: string }[] = [];
  readonly #idempotent = new Map<string, { status: number; body: unknown }>();
  #server: Server | undefined;
  url = '';

  constructor() {
    const product = (plan: string) => ({ id: `prod_${plan}`, name: `seqgen ${plan}` });
    this.prices = PLAN_PRICES.flatMap(([plan, cents]) =>
      (['monthly', 'annual'] as const).map((period) => ({
        id: `price_${plan}_${period}_${randomBytes(4).toString('hex')}`,
        object: 'price',
        active: true,
        currency: 'usd',
        lookup_key: `seqgen_${plan}_${period}`,
        unit_amount: period === 'annual' ? cents * 10 : cents,
        recurring: { interval: period === 'annual' ? 'year' : 'month', interval_count: 1 },
        product: product(plan).id,
        type: 'recurring',
      })),
    );
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        this.#send(res, 500, { error: { type: 'api_error', message: String(error) } });
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }

  requestsTo(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  priceFor(plan: string, period: string): Json {
    const price = this.prices.find((p) => p.lookup_key === `seqgen_${plan}_${period}`);
    if (!price) throw new Error(`no price ${plan} ${period}`);
    return price;
  }

  /** The browser confirmed the payment: the subscription is active and its first invoice paid. */
  payFirstInvoice(subscriptionId: string): Json {
    const subscription = this.#subscription(subscriptionId);
    subscription.status = 'active';
    const invoice = this.invoices.get(subscription.latest_invoice as string) as Json;
    invoice.status = 'paid';
    return this.#expandedInvoice(invoice);
  }

  /** Stripe's clock: the next period starts and its invoice is paid. */
  renew(subscriptionId: string): Json {
    const subscription = this.#subscription(subscriptionId);
    const item = this.#item(subscription);
    const start = new Date((item.current_period_end as number) * 1000);
    const interval = (item.price as Json).recurring as Json;
    const end = addMonths(start, interval.interval === 'year' ? 12 : 1);
    item.current_period_start = seconds(start);
    item.current_period_end = seconds(end);
    const invoice = this.#newInvoice(subscription, 'subscription_cycle', start, end);
    invoice.status = 'paid';
    subscription.latest_invoice = invoice.id;
    return this.#expandedInvoice(invoice);
  }

  subscriptionObject(subscriptionId: string): Json {
    return structuredClone(this.#subscription(subscriptionId));
  }

  /** A webhook request as Stripe sends it: JSON body and a Stripe-Signature made by the real library. */
  webhook(
    type: string,
    object: Json,
    options: { id?: string; created?: Date; secret?: string } = {},
  ): { payload: string; headers: Record<string, string>; eventId: string } {
    const eventId = options.id ?? id('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(options.created ?? new Date()),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
    });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, eventId };
  }

  #subscription(subscriptionId: string): Json {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return subscription;
  }

  #item(subscription: Json): Json {
    return ((subscription.items as Json).data as Json[])[0] as Json;
  }

  #newInvoice(subscription: Json, reason: string, start: Date, end: Date): Json {
    const invoiceId = id('in');
    const paymentIntent = id('pi');
    const item = this.#item(subscription);
    const invoice: Json = {
      id: invoiceId,
      object: 'invoice',
      billing_reason: reason,
      customer: subscription.customer,
      status: 'open',
      amount_due: (item.price as Json).unit_amount,
      currency: 'usd',
      // As in Stripe: the invoice's own period is the previous one; the line holds the paid period.
      period_start: seconds(start),
      period_end: seconds(start),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: (item.price as Json).unit_amount,
            period: { start: seconds(start), end: seconds(end) },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: subscription.id, subscription_item: item.id },
            },
          },
        ],
      },
      confirmation_secret: {
        client_secret: `${paymentIntent}_secret_${randomBytes(12).toString('hex')}`,
        type: 'payment_intent',
      },
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  #expandedInvoice(invoice: Json): Json {
    return structuredClone(invoice);
  }

  /** confirmation_secret is includable only: present when expanded, as in Stripe. */
  #render(subscription: Json, expand: string[]): Json {
    const copy = structuredClone(subscription);
    const invoice = this.invoices.get(subscription.latest_invoice as string);
    if (invoice && expand.some((e) => e.startsWith('latest_invoice'))) {
      const rendered = structuredClone(invoice);
      if (!expand.includes('latest_invoice.confirmation_secret')) delete rendered.confirmation_secret;
      copy.latest_invoice = rendered;
    }
    return copy;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const params = parseStripeForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const authorization = req.headers.authorization;
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey, authorization });

    if (authorization !== `Bearer ${this.secretKey}`) {
      return this.#send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const failure = this.failures.shift();
    if (failure) return this.#send(res, failure.status, { error: { type: failure.type, message: failure.message } });

    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const replay = replayKey ? this.#idempotent.get(replayKey) : undefined;
    if (replay) return this.#send(res, replay.status, replay.body);
    const [status, answer] = this.#route(req.method ?? 'GET', url.pathname, params);
    if (replayKey && req.method === 'POST') this.#idempotent.set(replayKey, { status, body: answer });
    return this.#send(res, status, answer);
  }

  #route(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const expand = (params.expand as string[] | undefined) ?? [];
    const missing = (what: string) =>
      [
        404,
        {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}`, param: 'id' },
        },
      ] as [number, unknown];

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email, metadata: params.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = this.prices.filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string));
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = params.items as { price: string }[] | undefined;
      const price = this.prices.find((p) => p.id === items?.[0]?.price);
      if (!price) return missing('price');
      if (!this.customers.has(params.customer as string)) return missing('customer');
      const start = new Date();
      const subscription: Json = {
        id: id('sub'),
        object: 'subscription',
        customer: params.customer,
        status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        created: seconds(start),
        metadata: params.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: seconds(start),
              current_period_end: seconds(
                addMonths(start, price.recurring && (price.recurring as Json).interval === 'year' ? 12 : 1),
              ),
            },
          ],
        },
      };
      const item = this.#item(subscription);
      const invoice = this.#newInvoice(
        subscription,
        'subscription_create',
        new Date((item.current_period_start as number) * 1000),
        new Date((item.current_period_end as number) * 1000),
      );
      subscription.latest_invoice = invoice.id;
      this.subscriptions.set(subscription.id as string, subscription);
      return [200, this.#render(subscription, expand)];
    }
    const match = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
    if (match) {
      const subscription = this.subscriptions.get(match[1] as string);
      if (!subscription) return missing('subscription');
      if (method === 'GET') return [200, this.#render(subscription, expand)];
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        return [200, this.#render(subscription, expand)];
      }
      if (method === 'DELETE') {
        subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        return [200, this.#render(subscription, [])];
      }
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  #send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }
}

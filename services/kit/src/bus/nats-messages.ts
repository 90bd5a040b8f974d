/** What the NATS bus logs when its connection goes and comes back (tests and alerts match on them). */
export const NATS_DOWN_MESSAGE =
  'bus: NATS connection lost; publishes and requests fail fast until it is back (the outbox keeps every event)';
export const NATS_BACK_MESSAGE = 'bus: NATS connection back; the outbox relay catches up';

import { z } from 'zod';
import { type EventData, type EventType, eventCatalogue, isEventType } from './catalogue.ts';

export interface Envelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  data: EventData<T>;
}

const EnvelopeShape = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurredAt: z.string().datetime({ offset: true }),
  data: z.unknown(),
});

export class InvalidEnvelopeError extends Error {
  override name = 'InvalidEnvelopeError';
}

/** Validates an envelope and its payload against the catalogue; throws InvalidEnvelopeError. */
export function parseEnvelope(raw: unknown): Envelope {
  const shape = EnvelopeShape.safeParse(raw);
  if (!shape.success) throw new InvalidEnvelopeError(`bad envelope: ${z.prettifyError(shape.error)}`);
  const { type } = shape.data;
  if (!isEventType(type)) throw new InvalidEnvelopeError(`unknown event type "${type}"`);
  const data = eventCatalogue[type].safeParse(shape.data.data);
  if (!data.success) throw new InvalidEnvelopeError(`bad ${type} payload: ${z.prettifyError(data.error)}`);
  return { ...shape.data, type, data: data.data } as Envelope;
}

export function createEnvelope<T extends EventType>(type: T, data: EventData<T>, now = new Date()): Envelope<T> {
  return parseEnvelope({ id: crypto.randomUUID(), type, occurredAt: now.toISOString(), data }) as Envelope<T>;
}

import { GenerationStreamEvent as EventSchema, type GenerationStreamEvent } from '@seqgen/proto';

/**
 * Server-Sent Events as a reader parses them
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * blocks separated by a blank line, `event:` and `data:` fields, comment lines ignored. Each event
 * is checked against the proto schema and its `event:` name against its `type`.
 */
export function parseEventStream(text: string): GenerationStreamEvent[] {
  const events: GenerationStreamEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) continue;
    const event = EventSchema.parse(JSON.parse(data.join('\n')));
    if (event.type !== name) throw new Error(`event: ${name} carries a ${event.type}`);
    events.push(event);
  }
  return events;
}

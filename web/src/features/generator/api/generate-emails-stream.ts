import { GenerateEmailsResponse, GenerationStreamEvent } from '@seqgen/proto';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, type ApiOptions, apiOpenStream } from '../../../lib/api';
import { readSse, type SseMessage } from '../../../lib/sse';
import { usageKey } from '../../../lib/usage/get-usage';
import { type GenerateEmailsInput, generateEmailsBody } from './generate-emails';
import { emailsKey } from './list-emails';

/** POST, answered with `text/event-stream`: progress, each email as it is written, then done or error. */
export const generateEmailsStreamKey = '/api/generate-emails/stream';

export const STREAM_ENDED_EARLY = 'The generation stopped before the sequence was finished. Please try again.';

export interface StreamOptions extends ApiOptions {
  /** Every event as it arrives, `done` and `error` included. */
  onEvent?: (event: GenerationStreamEvent) => void;
}

/**
 * One SSE message as a stream event: the data is the event's JSON; its `type` comes from the data
 * or, when the server leaves it out, from the `event:` line. Undefined for what is not an event.
 */
export function streamEventOf(message: SseMessage): GenerationStreamEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const typed = 'type' in data ? data : { type: message.event, ...data };
  const parsed = GenerationStreamEvent.safeParse(typed);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Generates through the stream and resolves with what the JSON endpoint answers. An `error` event
 * throws the same ApiError ("<status>: <message>") a JSON error would, so the toasts of docs/product.md §8 match on
 * the same text; a refusal before the stream starts (quota, validation) is an ordinary JSON error.
 */
export async function streamGenerateEmails(
  input: GenerateEmailsInput,
  { onEvent, ...options }: StreamOptions = {},
): Promise<GenerateEmailsResponse> {
  const res = await apiOpenStream(generateEmailsStreamKey, generateEmailsBody(input), options);
  // A server that answers the JSON form instead (an older deployment, a proxy) still works.
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    return GenerateEmailsResponse.parse(await res.json());
  }
  for await (const message of readSse(res.body)) {
    const event = streamEventOf(message);
    if (!event) {
      if (message.event === 'done' || message.event === 'error') throw new Error(STREAM_ENDED_EARLY);
      continue;
    }
    onEvent?.(event);
    if (event.type === 'error') {
      const body = JSON.stringify({ error: event.error, message: event.message });
      console.error(`API ${event.status} ${res.url}`, body);
      throw new ApiError(event.status, body, `${event.status}: ${event.message}`);
    }
    if (event.type === 'done') {
      const { type: _type, ...response } = event;
      return response;
    }
  }
  throw new Error(STREAM_ENDED_EARLY);
}

/** The stream with the refresh of docs/product.md §7: usage and history are stale after a generation, success or not. */
export function useStreamGeneration() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: GenerateEmailsInput, options: StreamOptions = {}) => {
      try {
        return await streamGenerateEmails(input, options);
      } finally {
        void mutate(usageKey);
        void mutate(emailsKey);
      }
    },
    [mutate],
  );
}

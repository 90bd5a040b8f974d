import { serviceCounter, serviceHistogram } from '@seqgen/kit';
import OpenAI from 'openai';
import { type ServerSentEvent, ServerSentEvents } from './sse.ts';

/** Any OpenAI-compatible chat API (OpenAI, Azure, Ollama, vLLM) through the `openai` SDK. */
export interface LlmSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface JsonRequest {
  messages: ChatMessage[];
  /** Name and JSON Schema of the answer; the API is asked to hold to it strictly. */
  schemaName: string;
  schema: Record<string, unknown>;
  /** Aborts the call (the reader went away). */
  signal?: AbortSignal | undefined;
}

export interface LlmClient {
  readonly model: string;
  /** The model's answer text (JSON by the schema, not yet trusted). Throws LlmError. */
  completeJson(request: JsonRequest): Promise<string>;
  /**
   * The same answer, streamed: `onText` gets each piece as the model writes it; the whole text is
   * returned at the end. Throws LlmError.
   */
  streamJson(request: JsonRequest, onText: (piece: string) => void): Promise<string>;
}

/**
 * Why the model gave no usable answer: busy (rate limited or overloaded), timeout, unreachable,
 * or failed (refused the request, answered an error). The message names the provider's code.
 */
export class LlmError extends Error {
  override name = 'LlmError';
  readonly kind: 'busy' | 'timeout' | 'unreachable' | 'failed';
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(
    kind: LlmError['kind'],
    message: string,
    extra: { code?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.kind = kind;
    this.code = extra.code;
    this.status = extra.status;
  }
}

export const llmConfigured = (settings: { OPENAI_API_KEY?: string | undefined; LLM_BASE_URL?: string | undefined }) =>
  Boolean(settings.OPENAI_API_KEY || settings.LLM_BASE_URL);

/** LLM calls as Prometheus sees them (issue 11, item 2): latency, tokens and errors, by model. */
const llmMetrics = {
  duration: serviceHistogram('generation', {
    name: 'llm_request_duration_seconds',
    help: 'Time to the whole answer of an LLM call, by model, mode (json or stream) and outcome (ok or the error kind).',
    labelNames: ['model', 'mode', 'outcome'],
    buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
  }),
  tokens: serviceCounter('generation', {
    name: 'llm_tokens_total',
    help: 'Tokens the LLM provider reported, by model and kind (prompt or completion).',
    labelNames: ['model', 'kind'],
  }),
  errors: serviceCounter('generation', {
    name: 'llm_errors_total',
    help: 'LLM calls that gave no usable answer, by model and kind (busy, timeout, unreachable, failed).',
    labelNames: ['model', 'kind'],
  }),
};

type Usage = { prompt_tokens?: number; completion_tokens?: number } | null | undefined;

/** Times one call and counts its tokens and failure, whatever the mode. */
async function measured(
  model: string,
  mode: 'json' | 'stream',
  call: (recordUsage: (usage: Usage) => void) => Promise<string>,
): Promise<string> {
  const stop = llmMetrics.duration.startTimer({ model, mode });
  const recordUsage = (usage: Usage) => {
    if (usage?.prompt_tokens) llmMetrics.tokens.inc({ model, kind: 'prompt' }, usage.prompt_tokens);
    if (usage?.completion_tokens) llmMetrics.tokens.inc({ model, kind: 'completion' }, usage.completion_tokens);
  };
  try {
    const text = await call(recordUsage);
    stop({ outcome: 'ok' });
    return text;
  } catch (error) {
    const failure = toLlmError(error);
    stop({ outcome: failure.kind });
    llmMetrics.errors.inc({ model, kind: failure.kind });
    throw failure;
  }
}

export function createLlmClient(settings: LlmSettings): LlmClient {
  const client = new OpenAI({
    // Local servers (Ollama, vLLM) take any key; the SDK insists on one.
    apiKey: settings.apiKey ?? 'not-needed',
    // Explicit values, so the SDK never falls back to reading the environment itself.
    baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
  return {
    model: settings.model,
    completeJson: ({ messages, schemaName, schema, signal }) =>
      measured(settings.model, 'json', async (recordUsage) => {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            temperature: 0.2,
            response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
          },
          signal ? { signal } : undefined,
        );
        recordUsage(completion.usage);
        const message = completion.choices[0]?.message;
        if (message?.refusal) throw new LlmError('failed', 'The AI service declined to answer.', { code: 'refusal' });
        return message?.content ?? '';
      }),
    streamJson: ({ messages, schemaName, schema, signal }, onText) =>
      measured(settings.model, 'stream', async (recordUsage) => {
        // The SDK makes the call (headers, retries, errors before the first byte); the events are
        // read here, a network read at a time: the SDK's stream costs several async steps and
        // buffer copies per token, which add up to tens of ms of CPU per streamed sequence.
        const response = await client.chat.completions
          .create(
            {
              model: settings.model,
              messages,
              temperature: 0.2,
              stream: true,
              // The last chunk then reports the tokens used (OpenAI, Ollama and vLLM all honour it).
              stream_options: { include_usage: true },
              response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
            },
            signal ? { signal } : undefined,
          )
          .asResponse();
        return readChunks(response, signal, recordUsage, onText);
      }),
  };
}

type StreamChunk = {
  error?: unknown;
  usage?: Usage;
  choices?: { delta?: { content?: string | null; refusal?: string | null } | null }[];
} | null;

/**
 * The text of a streamed chat completion, read as the SDK reads it (its `Stream`): `[DONE]` ends
 * it, a chunk carrying `error` is the provider's error, a refusal throws; each network read's
 * new text goes to `onText` in one piece. A reader who aborts ends it quietly with what came.
 */
async function readChunks(
  response: Response,
  signal: AbortSignal | undefined,
  recordUsage: (usage: Usage) => void,
  onText: (piece: string) => void,
): Promise<string> {
  if (!response.body) throw new Error('Attempted to iterate over a response with no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events = new ServerSentEvents();
  let text = '';
  let piece = '';
  let done = false;
  let ended = false;
  const flush = () => {
    if (!piece) return;
    const written = piece;
    piece = '';
    text += written;
    onText(written);
  };
  const read = (events: ServerSentEvent[]) => {
    for (const sse of events) {
      if (done) continue;
      if (sse.data.startsWith('[DONE]')) {
        done = true;
        continue;
      }
      if (sse.event?.startsWith('thread.')) continue;
      const chunk = JSON.parse(sse.data) as StreamChunk;
      if (chunk?.error) throw new OpenAI.APIError(undefined, chunk.error as object, undefined, response.headers);
      recordUsage(chunk?.usage);
      const delta = chunk?.choices?.[0]?.delta;
      if (delta?.refusal) throw new LlmError('failed', 'The AI service declined to answer.', { code: 'refusal' });
      if (delta?.content) piece += delta.content;
    }
  };
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      read(events.push(decoder.decode(next.value, { stream: true })));
      flush();
    }
    ended = true;
    read(events.push(decoder.decode()));
    flush();
    return text;
  } catch (error) {
    flush();
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return text;
    throw error;
  } finally {
    if (!ended) reader.cancel().catch(() => {});
  }
}

function providerCode(error: InstanceType<typeof OpenAI.APIError>): string | undefined {
  const body = error.error as { code?: unknown; type?: unknown } | undefined;
  const code = error.code ?? body?.code ?? body?.type;
  return typeof code === 'string' && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
}

export function toLlmError(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmError('timeout', 'The AI service did not answer in time (timeout).', {
      code: 'timeout',
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIUserAbortError) {
    return new LlmError('timeout', 'The AI service did not answer in time (timeout).', {
      code: 'timeout',
      cause: error,
    });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new LlmError('unreachable', 'The AI service could not be reached.', { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const code = providerCode(error);
    if ((status === 429 && code !== 'insufficient_quota') || status === 503 || status === 529) {
      const shown = code ?? (status === 429 ? 'rate_limit_exceeded' : 'overloaded');
      return new LlmError('busy', `The AI service is busy (${shown}).`, { code: shown, status, cause: error });
    }
    if (status === 408 || status === 504) {
      return new LlmError('timeout', 'The AI service did not answer in time (timeout).', {
        code: 'timeout',
        status,
        cause: error,
      });
    }
    return new LlmError('failed', `The AI service refused the request (${code ?? `status ${status}`}).`, {
      ...(code === undefined ? {} : { code }),
      ...(status === undefined ? {} : { status }),
      cause: error,
    });
  }
  return new LlmError('failed', 'The AI service failed.', { cause: error });
}

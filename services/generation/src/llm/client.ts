import { serviceCounter, serviceHistogram } from '@seqgen/kit';
import OpenAI from 'openai';
import { type ServerSentEvent, ServerSentEvents } from './sse.ts';

/** Any OpenAI-compatible chat API (OpenAI, Azure, Ollama, vLLM) through the `openai` SDK. */
export interface LlmSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  model: string;
  /**
   * Per attempt: how long the provider may take to answer the request (its headers) and then to
   * write the first token. A provider that does not stream (`stream: false`) writes its whole
   * answer before its headers, so for it this bounds the whole answer.
   */
  timeoutMs: number;
  /** The longest silence between two tokens once the answer flows. Default: timeoutMs. */
  idleTimeoutMs?: number | undefined;
  maxRetries: number;
  /**
   * Stream every call (default), so a slow model that keeps writing is never cut off by a bound
   * over the whole answer (issue 25, item 3). False for a provider that cannot stream.
   */
  stream?: boolean | undefined;
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
    // The SDK's timeout runs until the response's headers, per attempt (retries included); the
    // tokens after them are watched by readChunks' own limits.
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logLevel: 'off',
  });
  const limits: ProgressLimits = {
    firstTokenMs: settings.timeoutMs,
    idleMs: settings.idleTimeoutMs ?? settings.timeoutMs,
  };
  const streamed = (
    { messages, schemaName, schema, signal }: JsonRequest,
    onText: (piece: string) => void,
    recordUsage: (usage: Usage) => void,
  ) => {
    // The caller's signal (a reader who left) and the progress limits' own, told apart after.
    const limit = new AbortController();
    const either = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
    return client.chat.completions
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
        { signal: either },
      )
      .asResponse()
      .then((response) => readChunks(response, { signal, limit, limits }, recordUsage, onText));
  };
  /** One answer without streaming, for a provider that cannot stream (`stream: false`). */
  const whole = async ({ messages, schemaName, schema, signal }: JsonRequest, recordUsage: (usage: Usage) => void) => {
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
  };
  return {
    model: settings.model,
    // Streamed and gathered: a JSON answer takes as long as its tokens, like a streamed one,
    // instead of being cut at one bound over the whole answer (issue 25, item 3).
    completeJson: (request) =>
      measured(settings.model, 'json', (recordUsage) =>
        settings.stream === false ? whole(request, recordUsage) : streamed(request, () => {}, recordUsage),
      ),
    streamJson: (request, onText) =>
      measured(settings.model, 'stream', async (recordUsage) => {
        if (settings.stream !== false) return streamed(request, onText, recordUsage);
        const text = await whole(request, recordUsage);
        onText(text);
        return text;
      }),
  };
}

/** How long a streamed answer may go without progress (issue 25, item 3). */
interface ProgressLimits {
  /** From the response's headers to the first token. */
  firstTokenMs: number;
  /** Between one token and the next. */
  idleMs: number;
}

const tooSlow = () => new LlmError('timeout', 'The AI service did not answer in time (timeout).', { code: 'timeout' });

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
/** How late a limit's timer may fire before the thread counts as having been busy, not listening. */
const BUSY_LAG_MS = 200;
/** How long a limit waits after a busy spell for the tokens that arrived during it to be read. */
const BUSY_GRACE_MS = 250;
const MAX_GRACES = 2;

async function readChunks(
  response: Response,
  watch: { signal: AbortSignal | undefined; limit: AbortController; limits: ProgressLimits },
  recordUsage: (usage: Usage) => void,
  onText: (piece: string) => void,
): Promise<string> {
  const { signal, limit, limits } = watch;
  if (!response.body) throw new Error('Attempted to iterate over a response with no body');
  const reader = response.body.getReader();
  // One timer, re-armed at every token: first the time to the first token, then the idle time.
  // A model that keeps writing is never cut off, however long its answer (issue 25, item 3).
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  let graces = 0;
  const expire = () => {
    const now = performance.now();
    // A timer that fires late fired on a thread that was busy (another request's checks, a long
    // parse): tokens that came meanwhile are still unread, so that time was not the model's
    // silence. Listen a moment longer (twice at most) before calling it silent.
    if (now - due > BUSY_LAG_MS && graces < MAX_GRACES) {
      graces += 1;
      due = now + BUSY_GRACE_MS;
      timer = setTimeout(expire, BUSY_GRACE_MS);
      return;
    }
    timedOut = true;
    limit.abort();
    reader.cancel().catch(() => {});
  };
  const arm = (ms: number) => {
    clearTimeout(timer);
    graces = 0;
    due = performance.now() + ms;
    timer = setTimeout(expire, ms);
  };
  arm(limits.firstTokenMs);
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
      if (timedOut) throw tooSlow();
      if (next.done) break;
      read(events.push(decoder.decode(next.value, { stream: true })));
      if (piece) arm(limits.idleMs);
      flush();
    }
    ended = true;
    read(events.push(decoder.decode()));
    flush();
    return text;
  } catch (error) {
    flush();
    if (timedOut) throw tooSlow();
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return text;
    throw error;
  } finally {
    clearTimeout(timer);
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

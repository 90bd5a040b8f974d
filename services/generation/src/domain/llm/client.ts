import OpenAI from 'openai';

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
    async completeJson({ messages, schemaName, schema, signal }) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            temperature: 0.2,
            response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
          },
          signal ? { signal } : undefined,
        );
        const message = completion.choices[0]?.message;
        if (message?.refusal) throw new LlmError('failed', 'The AI service declined to answer.', { code: 'refusal' });
        return message?.content ?? '';
      } catch (error) {
        throw toLlmError(error);
      }
    },
    async streamJson({ messages, schemaName, schema, signal }, onText) {
      try {
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            temperature: 0.2,
            stream: true,
            response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
          },
          signal ? { signal } : undefined,
        );
        let text = '';
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta;
          if (delta?.refusal) throw new LlmError('failed', 'The AI service declined to answer.', { code: 'refusal' });
          if (delta?.content) {
            text += delta.content;
            onText(delta.content);
          }
        }
        return text;
      } catch (error) {
        throw toLlmError(error);
      }
    },
  };
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

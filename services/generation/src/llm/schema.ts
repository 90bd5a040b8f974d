import { z } from 'zod';

/** Keywords OpenAI's strict structured outputs refuse; zod still enforces them on the answer. */
const UNSUPPORTED = new Set(['minLength', 'maxLength', 'pattern', 'format', '$schema', 'default']);

/**
 * The JSON Schema a model is held to, derived from the zod schema the answer is validated with,
 * so the two never drift apart (docs/architecture.md §6). Strict mode wants every property required and no
 * others allowed; zod's output already says so for objects, and optional values are written as
 * nullable in the zod schema.
 */
export function strictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return strip(z.toJSONSchema(schema, { io: 'input' })) as Record<string, unknown>;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (UNSUPPORTED.has(key)) continue;
    out[key] = strip(item);
  }
  // Strict mode: every property required (optional ones are nullable in zod), no others allowed.
  if (out.properties && typeof out.properties === 'object') {
    out.required = Object.keys(out.properties);
    out.additionalProperties = false;
  }
  return out;
}

/** The first problem zod found, as one line the model can act on. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}`;
}

/** Parses a model's answer: JSON, then the schema. */
export function parseAnswer<T>(
  answer: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false, problem: firstProblem(result.error) };
}

/**
 * The language-model client both analysers and writers share (docs/architecture.md §6): any
 * OpenAI-compatible API, JSON-schema-constrained answers derived from zod schemas, untrusted data
 * kept between markers, and the errors a user sees when the model fails.
 */
export {
  type ChatMessage,
  createLlmClient,
  type JsonRequest,
  type LlmClient,
  LlmError,
  type LlmSettings,
  llmConfigured,
} from './client.ts';
export { llmFailure } from './errors.ts';
export { parseAnswer, strictJsonSchema } from './schema.ts';
export { dataMarkers, neutralise } from './untrusted-data.ts';

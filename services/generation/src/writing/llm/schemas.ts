import { LIMITS } from '@seqgen/checks';
import { SEQUENCE_LENGTH } from '@seqgen/proto';
import { z } from 'zod';
import { strictJsonSchema } from '../../llm/index.ts';

/** What the model must return: seven emails in order. The quality checks judge the rest. */
export const LlmSequence = z.object({
  emails: z
    .array(
      z.object({
        subject: z
          .string()
          .trim()
          .min(1)
          .max(120)
          .describe(`At most ${LIMITS.subject.maxChars} characters and ${LIMITS.subject.maxWords} words.`),
        body: z
          .string()
          .trim()
          .min(20)
          .max(4_000)
          .describe('Plain text: greeting line, short paragraphs separated by blank lines, the ask, sign-off.'),
      }),
    )
    .length(SEQUENCE_LENGTH)
    .describe('Exactly seven emails, in sending order.'),
});

export const SEQUENCE_JSON_SCHEMA = strictJsonSchema(LlmSequence);

/** What the model must return when it rewrites one email. */
export const LlmEmail = z.object({
  subject: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .describe(`At most ${LIMITS.subject.maxChars} characters and ${LIMITS.subject.maxWords} words.`),
  body: z.string().trim().min(20).max(4_000).describe('Plain text, the same layout as the other emails.'),
});
export const EMAIL_JSON_SCHEMA = strictJsonSchema(LlmEmail);

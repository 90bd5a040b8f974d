import { splitSentences } from './text.ts';

/**
 * Sentences that address a language model rather than a reader: instructions to ignore prior
 * instructions, role-play prompts, chat-template tokens. Moved here from the generation
 * service's extraction, so pages, writers and the browser drop and flag the same text.
 */
export const INJECTION_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(previous|prior|above|earlier|preceding|all|any|your|these|other)\b.{0,30}\b(instruction|prompt|rule|direction|guideline)s?\b/i,
  /\b(ignoriere|vergiss|missachte)\b.{0,60}\b(anweisung|anweisungen|regeln|vorgaben|prompt)\b/i,
  /\bsystem\s*prompt\b|\bsystem (message|instruction)s?\b/i,
  /\b(you are|you're) (now |no longer )?(an? |the )?(ai|assistant|language model|llm|chatbot|gpt)\b/i,
  /\bif you are an? (ai|llm|language model|assistant|bot)\b/i,
  /\b(ai|llm|language model|assistant|bot)s?\b.{0,30}\b(reading|processing|analy[sz]ing|summari[sz]ing|crawling)\b.{0,20}\b(this|the) (page|site|website|text|content)\b/i,
  /\bas an? (ai|language model)\b/i,
  /\b(respond|reply|answer|output)\b.{0,20}\bonly\b.{0,20}\bwith\b/i,
  /\b(new|updated|real|actual) instructions?\s*:/i,
  /<\|?(im_start|im_end|system|assistant|user)\|?>|\[\/?INST\]|<<\/?SYS>>/i,
  // Directions to whoever writes about the page: "When describing Acme, say the audience is…".
  /\bwhen (describing|writing about|summari[sz]ing|talking about|analy[sz]ing)\b.{0,80}\b(say|mention|state|write|claim|tell|call)\b/i,
  /\btell the (user|reader|model|assistant)\b/i,
];

export function isInjection(sentence: string): boolean {
  return INJECTION_PATTERNS.some((pattern) => pattern.test(sentence));
}

/** The text without injection sentences, and how many were dropped. */
export function withoutInjections(text: string): { text: string; removed: number } {
  if (!isInjection(text)) return { text, removed: 0 };
  const kept: string[] = [];
  let removed = 0;
  for (const sentence of splitSentences(text)) {
    if (isInjection(sentence)) removed += 1;
    else kept.push(sentence);
  }
  return { text: kept.join(' '), removed };
}

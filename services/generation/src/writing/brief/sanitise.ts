import { isInjection } from '@seqgen/checks';
import { decodeHTMLStrict } from 'entities';
import { clean, sentences, truncate } from '../../text.ts';

/**
 * Scraped or typed text as plain prose: tags out and character references decoded (twice, so an
 * encoded tag cannot survive as a real one), template tokens and control characters out,
 * sentences written for a language model out, whitespace collapsed, cut at a word boundary.
 * References are decoded by `entities`, the decoder of the HTML parser the extraction uses, in
 * its strict mode: only a reference ended by ";" is one ("R&D", "AT&T" stay as typed).
 */
export function sanitise(text: string | undefined, maxChars: number): string {
  if (!text) return '';
  let value = text.replace(/<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ');
  for (let pass = 0; pass < 2; pass += 1) {
    value = decodeHTMLStrict(value.replace(/<\/?[a-z!][^>]*>/gi, ' '));
  }
  value = value
    .replace(/[<>]/g, ' ')
    .replace(/\{\{[^}]*\}\}|\{%[^%]*%\}|\[\[[^\]]*\]\]|\{[^{}]{1,40}\}/g, ' ')
    .replace(/\[(first ?name|last ?name|name|company|company name|your name|prospect)\]/gi, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ');
  const kept = sentences(clean(value)).filter((sentence) => !isInjection(sentence));
  return truncate(clean(kept.join(' ')).replace(/\s+([,.;:!?])/g, '$1'), maxChars);
}

/** A sentence for a body: capitalised, one full stop, no question (a question would be a second ask). */
export function statement(text: string): string | undefined {
  const value = clean(text).replace(/\s+([,.;:!?])/g, '$1');
  if (!value || /\?/.test(value)) return undefined;
  const ended = /[.!…]$/.test(value) ? value.replace(/!+$/, '.') : `${value.replace(/[,;:–—-]+$/, '')}.`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

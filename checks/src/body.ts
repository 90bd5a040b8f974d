import { LANGUAGES, LEXICONS } from './lexicon/index.ts';
import { LIMITS } from './limits.ts';
import { countWords } from './text.ts';

export interface BodyParts {
  greeting?: string;
  prose: string;
  signOff?: string;
}

const CLOSINGS: ReadonlySet<string> = new Set(LANGUAGES.flatMap((language) => LEXICONS[language].closings));

const isClosing = (line: string): boolean =>
  CLOSINGS.has(
    line
      .replace(/[,!.]+$/, '')
      .trim()
      .toLowerCase(),
  );

function isSignOff(lines: readonly string[]): boolean {
  const [first] = lines;
  if (first === undefined || lines.length > LIMITS.signOff.maxLines) return false;
  if (lines.some((line) => countWords(line) > LIMITS.signOff.maxWordsPerLine)) return false;
  return first.endsWith(',') || isClosing(first);
}

/**
 * Splits a body into greeting, prose and sign-off. The greeting is a short first line ending
 * with a comma; the sign-off is a last paragraph of one or two short lines opening with a comma
 * line or a known closing ("Viele Grüße" needs no comma). A closing glued to the last prose
 * paragraph is only taken when it is a known closing, since a short comma line there is prose.
 */
export function bodyParts(body: string): BodyParts {
  const lines = body
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => line.trim());
  const parts: BodyParts = { prose: '' };
  let start = 0;
  const first = lines[0] ?? '';
  if (first.endsWith(',') && countWords(first) <= LIMITS.greeting.maxWords) {
    parts.greeting = first;
    start = 1;
  }
  let end = lines.length;
  let paragraphStart = end;
  while (paragraphStart > start && lines[paragraphStart - 1] !== '') paragraphStart -= 1;
  const paragraph = lines.slice(paragraphStart, end);
  if (paragraph.length && isSignOff(paragraph)) {
    parts.signOff = paragraph.join('\n');
    end = paragraphStart;
  } else {
    for (let size = LIMITS.signOff.maxLines; size >= 1; size -= 1) {
      const tail = lines.slice(end - size, end);
      if (paragraph.length > size && isClosing(tail[0] ?? '') && isSignOff(tail)) {
        parts.signOff = tail.join('\n');
        end -= size;
        break;
      }
    }
  }
  parts.prose = lines.slice(start, end).join('\n').trim();
  return parts;
}

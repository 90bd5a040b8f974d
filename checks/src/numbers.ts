import {
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  MINUTE_WORDS,
  PERCENT_WORDS,
  SCALE_LETTERS,
  SCALE_WORDS,
} from './lexicon/shared.ts';
import { escapeRegExp } from './text.ts';

/** A number as written ("$1.2M", "62 %"), the values it may mean, and whether it is a meeting length. */
export interface NumberMention {
  text: string;
  values: number[];
  minutes: boolean;
  /** "12 500" read as two numbers, in case the space separated a list rather than thousands. */
  parts: number[];
}

const alternatives = (words: readonly string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeRegExp(word).replace(/ /g, '\\s?'))
    .join('|');

// Things that look like numbers but state nothing: times of day, "24/7", list markers.
const NOT_CLAIMS =
  /(?<![\p{L}\p{N}])\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|uhr)(?![\p{L}])|(?<![\p{N}])\d{1,2}:\d{2}(?![\p{N}])|(?<![\p{N}])24\/7(?![\p{N}])|^[ \t]*\d{1,2}[.)][ \t]/gimu;
// Thin or no-break spaces group thousands in any language ("2 000"); a plain space only when asked.
const NUMBER = /(?<![\p{L}\p{N}_])(?:\d{1,3}(?:[\u00a0\u202f\u2009]\d{3})+|\d+(?:[.,]\d+)*)(?![\p{N}])/gu;
const NUMBER_SPACED =
  /(?<![\p{L}\p{N}_])(?:\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?![.,]?\d)|\d+(?:[.,]\d+)*)(?![\p{N}])/gu;
const ORDINAL = /^(?:st|nd|rd|th)(?![\p{L}])/iu;
const PERCENT = new RegExp(`^\\s?(?:%|‰|(?:${alternatives(PERCENT_WORDS)})(?![\\p{L}]))`, 'iu');
const MINUTES = new RegExp(`^(?:\\s|-|‑)?(?:${alternatives(MINUTE_WORDS)})(?![\\p{L}])\\.?`, 'iu');
const MULTIPLIER = /^\s?[x×](?![\p{L}\p{N}])/iu;
const SCALE_LETTER = new RegExp(
  `^(?:(${Object.keys(SCALE_LETTERS).join('|')})(?![\\p{L}])|\\s(${Object.keys(SCALE_LETTERS).join('|')})(?=\\s?[${CURRENCY_SYMBOLS.map(escapeRegExp).join('')}]))`,
  'iu',
);
const SCALE_WORD = new RegExp(`^\\s?(${alternatives(Object.keys(SCALE_WORDS))})\\.?(?![\\p{L}])`, 'iu');
const CURRENCY_AFTER = new RegExp(
  `^\\s?(?:[${CURRENCY_SYMBOLS.map(escapeRegExp).join('')}]|(?:${alternatives(CURRENCY_WORDS)})(?![\\p{L}]))`,
  'iu',
);
const CURRENCY_BEFORE = new RegExp(
  `(?:[${CURRENCY_SYMBOLS.map(escapeRegExp).join('')}]|(?<![\\p{L}])(?:${alternatives(CURRENCY_WORDS)}))\\s?$`,
  'iu',
);

/**
 * What a written number may mean. "2,000" is 2000 in English and 2.0 in German, and sources may
 * be in another language than the email, so an ambiguous separator yields both readings.
 */
export function numberValues(raw: string): number[] {
  const digits = raw.replace(/[ \u00a0\u202f\u2009]/g, '');
  const separators = digits.match(/[.,]/g) ?? [];
  if (!separators.length) return [Number(digits)];
  const kinds = new Set(separators);
  if (kinds.size === 2) {
    const decimal = digits.lastIndexOf('.') > digits.lastIndexOf(',') ? '.' : ',';
    const [whole = '', fraction = ''] = [
      digits.slice(0, digits.lastIndexOf(decimal)),
      digits.slice(digits.lastIndexOf(decimal) + 1),
    ];
    return [Number(`${whole.replace(/[.,]/g, '')}.${fraction}`)];
  }
  const [separator = '.'] = separators;
  const groups = digits.split(separator);
  const whole = Number(groups.join(''));
  if (groups.length > 2) return [whole];
  const fraction = groups[1] ?? '';
  const decimal = Number(`${groups[0]}.${fraction}`);
  return fraction.length === 3 ? [whole, decimal] : [decimal];
}

/** A stable key for comparing values that went through different arithmetic. */
export const valueKey = (value: number): string => String(Number(value.toPrecision(10)));

/**
 * Every number in a text with its unit read loosely: percent, multiplier, money and scale words
 * are consumed so the mention quotes what the reader sees, but only the value is compared.
 */
export function findNumbers(text: string, spacedThousands = false): NumberMention[] {
  const source = text.replace(NOT_CLAIMS, (match) => ' '.repeat(match.length));
  const mentions: NumberMention[] = [];
  for (const match of source.matchAll(spacedThousands ? NUMBER_SPACED : NUMBER)) {
    const start = match.index;
    let end = start + match[0].length;
    let rest = source.slice(end, end + 24);
    if (ORDINAL.test(rest)) continue;
    let scale = 1;
    let minutes = false;
    const take = (found: RegExpExecArray | null): RegExpExecArray | null => {
      if (found) {
        end += found[0].length;
        rest = source.slice(end, end + 24);
      }
      return found;
    };
    const letter = take(SCALE_LETTER.exec(rest));
    const word = letter ? null : take(SCALE_WORD.exec(rest));
    const scaleName = (letter?.[1] ?? letter?.[2] ?? word?.[1] ?? '').toLowerCase().replace(/\s/g, '');
    if (scaleName) scale = SCALE_LETTERS[scaleName] ?? SCALE_WORDS[scaleName] ?? 1;
    if (!take(PERCENT.exec(rest)) && !take(MULTIPLIER.exec(rest)) && !take(CURRENCY_AFTER.exec(rest))) {
      minutes = take(MINUTES.exec(rest)) !== null;
    }
    const currency = CURRENCY_BEFORE.exec(source.slice(Math.max(0, start - 8), start));
    const from = currency ? start - currency[0].length : start;
    mentions.push({
      text: text.slice(from, end).trim(),
      values: numberValues(match[0]).map((value) => value * scale),
      minutes,
      parts: / /.test(match[0]) ? match[0].split(' ').map(Number) : [],
    });
  }
  return mentions;
}

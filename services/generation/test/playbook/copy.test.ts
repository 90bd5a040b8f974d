import { checkEmail, detectLanguage, seams, sentenceIssues } from '@seqgen/checks';
import { describe, expect, it } from 'vitest';
import {
  type FunctionPlaybook,
  PLAYBOOK_LANGUAGES,
  type PlaybookLanguage,
  playbook,
  type Text,
} from '../../src/playbook/index.ts';

/**
 * The playbook is reviewed copy (playbook/README.md): every entry must read as a line a rep could
 * send. These are the README's rules, entry by entry, in every language.
 */

const { functions, industries } = playbook();

type Kind = 'sentence' | 'answer' | 'question' | 'phrase' | 'subject';

interface Entry {
  where: string;
  kind: Kind;
  language: PlaybookLanguage;
  text: string;
  /** Slots the entry may use. */
  slots: readonly string[];
}

function entriesOf(fn: FunctionPlaybook): Entry[] {
  const out: Entry[] = [];
  const add = (where: string, kind: Kind, text: Text, slots: readonly string[] = []) => {
    for (const language of PLAYBOOK_LANGUAGES)
      out.push({ where: `${fn.id} ${where}`, kind, language, text: text[language], slots });
  };
  for (const capability of fn.capabilities)
    add(`capability ${capability.id} value`, 'sentence', capability.value, ['company']);
  for (const pain of fn.pains) {
    add(`pain ${pain.id} text`, 'sentence', pain.text);
    add(`pain ${pain.id} phrase`, 'phrase', pain.phrase);
    add(`pain ${pain.id} question`, 'question', pain.question);
  }
  for (const objection of fn.objections) {
    add(`objection ${objection.id} text`, 'sentence', objection.text);
    add(`objection ${objection.id} answer`, 'answer', objection.answer, ['company']);
  }
  for (const [level, angles] of Object.entries(fn.angles))
    for (const [i, angle] of angles.entries()) add(`angle ${level} ${i}`, 'sentence', angle);
  for (const [industry, angle] of Object.entries(fn.industries)) add(`industry ${industry}`, 'sentence', angle);
  for (const [i, subject] of fn.subjects.entries()) add(`subject ${i}`, 'subject', subject);
  for (const [i, question] of fn.questions.entries()) add(`question ${i}`, 'question', question);
  return out;
}

const industryEntries: Entry[] = [...industries.values()].flatMap((industry) =>
  industry.angles.flatMap((angle, i) =>
    PLAYBOOK_LANGUAGES.map((language) => ({
      where: `industry ${industry.id} angle ${i}`,
      kind: 'sentence' as const,
      language,
      text: angle[language],
      slots: [],
    })),
  ),
);

const ALL = [...[...functions.values()].flatMap(entriesOf), ...industryEntries];

const SLOT = /\{(\w+)\}/g;
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** What is wrong with one entry, by the README's rules (empty when nothing is). */
function problems(entry: Entry): string[] {
  const { text, kind, language } = entry;
  const found: string[] = [];
  if (text !== text.trim() || /\s{2,}/.test(text)) found.push('stray spaces');
  if (/\d/.test(text)) found.push('a figure (figures come only from the page or the user)');
  if (/!/.test(text.replace(/^¡/, ''))) found.push("an '!'");
  for (const [, slot] of text.matchAll(SLOT)) if (!entry.slots.includes(slot as string)) found.push(`slot {${slot}}`);
  if (/[{}]/.test(text.replace(SLOT, ''))) found.push('a stray brace');
  if (/\b(Sir or Madam|hope this (message|email) finds you)/i.test(text)) found.push('a stock phrase');
  const last = text.at(-1) ?? '';
  switch (kind) {
    case 'sentence':
    case 'answer':
      if (!/^(\{company\}|[\p{Lu}¿¡«"“])/u.test(text)) found.push('does not start with a capital');
      if (last !== '.') found.push('does not end with a full stop');
      if (words(text).length > (kind === 'answer' ? 34 : 28)) found.push('too long');
      break;
    case 'question':
      if (!/^[\p{Lu}¿]/u.test(text)) found.push('does not start with a capital');
      if (last !== '?' || (text.match(/\?/g) ?? []).length !== 1) found.push('is not one question');
      if (language === 'es' && !text.startsWith('¿') && !/, ¿/.test(text)) found.push("Spanish question without '¿'");
      if (words(text).length > 26) found.push('too long');
      break;
    case 'phrase':
      if (/[.?!:;]$/.test(text)) found.push('ends with punctuation');
      if (words(text).length > 7) found.push('too long for a phrase');
      if (/^(the|a|an|der|die|das|ein|eine|le|la|les|un|une|des|el|los|las|una)\s/i.test(text))
        found.push('starts with an article');
      break;
    case 'subject':
      if (/[.?!]$/.test(text)) found.push('ends with punctuation');
      if (words(text).length < 2 || words(text).length > 6) found.push('not two to six words');
      if (/^(re|fwd?|aw|wg|tr)\s*:/i.test(text)) found.push('fakes a reply');
      break;
  }
  // Whole sentences with a finite verb and nothing fused or cut (the checks' grammar); phrases and
  // subject lines are not sentences, but have no seams either.
  const filled = text.replace(SLOT, 'Acme');
  if (kind === 'sentence' || kind === 'answer' || kind === 'question') {
    for (const issue of sentenceIssues(filled, language)) found.push(`not a whole sentence (${issue})`);
  } else {
    for (const seam of seams(filled, language)) found.push(`seam: ${seam.kind} at "${seam.at}"`);
  }
  // Long enough to tell: the entry reads as its own language, not another.
  const detected = detectLanguage(text.replace(SLOT, 'Acme'));
  if (detected && detected !== language) found.push(`reads as ${detected}`);
  return found;
}

describe('playbook copy', () => {
  it('has at least 40 business functions and the general fallback', () => {
    expect(functions.size).toBeGreaterThanOrEqual(41);
    expect(functions.has('general-b2b')).toBe(true);
  });

  it('names only industries the industries file has', () => {
    const unknown = [...functions.values()].flatMap((fn) =>
      Object.keys(fn.industries)
        .filter((id) => !industries.has(id))
        .map((id) => `${fn.id}: ${id}`),
    );
    expect(unknown).toEqual([]);
    expect(industries.size).toBeGreaterThanOrEqual(15);
  });

  it('keeps every entry to the style rules', () => {
    const failures = ALL.flatMap((entry) =>
      problems(entry).map((problem) => `${entry.where} [${entry.language}] "${entry.text}": ${problem}`),
    );
    expect(failures).toEqual([]);
  });

  it('passes the product checks for spam and unsourced names or figures', () => {
    const failures: string[] = [];
    for (const entry of ALL) {
      if (entry.kind === 'subject' || entry.kind === 'phrase') continue;
      const body = entry.text.replaceAll('{company}', 'Acme');
      const checks = checkEmail({ subject: 'A note', body }, 1, {
        language: entry.language,
        sources: ['Acme'],
        caseStudyCustomers: [],
      });
      for (const check of checks) {
        if ((check.id === 'spam' || check.id === 'claims') && check.status !== 'pass') {
          failures.push(`${entry.where} [${entry.language}] "${entry.text}": ${check.reason}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every sentence of 64 functions through the product checks: ~4 s alone, several times that on
    // a loaded CI machine. A bound on hanging, not on speed (speed lives in the bench).
  }, 120_000);

  it('lists signal words in lower case, once each', () => {
    const failures: string[] = [];
    const check = (where: string, lists: Record<string, string[]>) => {
      for (const [language, list] of Object.entries(lists)) {
        if (!list.length) failures.push(`${where} [${language}]: empty`);
        for (const word of list)
          if (word !== word.toLowerCase() || word !== word.trim()) failures.push(`${where} [${language}]: "${word}"`);
        if (new Set(list).size !== list.length) failures.push(`${where} [${language}]: a word twice`);
      }
    };
    for (const fn of functions.values()) {
      check(`${fn.id} signals`, fn.signals);
      for (const capability of fn.capabilities) check(`${fn.id} capability ${capability.id}`, capability.signals);
      for (const pain of fn.pains) check(`${fn.id} pain ${pain.id}`, pain.signals);
    }
    for (const industry of industries.values()) check(`industry ${industry.id}`, industry.signals);
    expect(failures).toEqual([]);
  });
});

import type { WritingLanguage } from '@seqgen/proto';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { Lexicon } from './types.ts';

export type { Lexicon, NameWords } from './types.ts';

export const LEXICONS: Readonly<Record<WritingLanguage, Lexicon>> = { en, de, fr, es };

export const LANGUAGES: readonly WritingLanguage[] = ['en', 'de', 'fr', 'es'];

import type { WritingLanguage } from '@seqgen/proto';

/** Each writing language by its English name, as users and models read it. */
export const LANGUAGE_NAMES: Record<WritingLanguage, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
};

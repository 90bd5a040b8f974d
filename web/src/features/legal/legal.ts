/** Legal constants (docs/product.md §9). The operating company and state are placeholders until counsel names them. */
export const LEGAL = {
  company: 'seqgen, Inc.',
  governingState: 'Delaware',
  contactEmail: 'legal@seqgen.app',
  privacy: { effective: 'May 28, 2025', minimumAge: 13 },
  terms: { effective: 'June 2, 2025', minimumAge: 18 },
} as const;

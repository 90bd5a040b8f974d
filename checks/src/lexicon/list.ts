/** Word lists are written as text so they stay readable: words split on whitespace… */
export const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);

/** …and phrases, which contain spaces, split on '|'. */
export const phrases = (text: string): string[] =>
  text
    .split('|')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

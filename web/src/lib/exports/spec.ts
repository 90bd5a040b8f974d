import type { Email } from '@seqgen/proto';
import { csvRows } from './csv';

/**
 * The product's own exports (docs/product.md §9): a CSV with the columns Email Number, Subject, Body, and a
 * plain text file of "Email N" blocks separated by "---". Byte for byte what the app wrote before
 * the sequencer exports existed, except that a cell opening like a formula is neutralised.
 */

export const DEFAULT_EXPORT_NAME = 'email-sequence';

/**
 * LF line ends and no byte order mark, as before: this file's bytes are what users and tests have
 * relied on since docs/product.md §9. (The sequencer sheets use CRLF and a BOM; see csv.ts.)
 */
export function sequenceToCsv(emails: readonly Email[]): string {
  // The header and the email numbers bare, subjects and bodies always quoted.
  const header = csvRows([['Email Number', 'Subject', 'Body']], { quoted: false, newline: '\n' });
  if (emails.length === 0) return header;
  const rows = emails.map((email, index) => [index + 1, email.subject, email.body]);
  return `${header}\n${csvRows(rows, { quoted: [false, true, true], newline: '\n' })}`;
}

export function sequenceToText(emails: readonly Email[]): string {
  return emails
    .map((email, index) => `Email ${index + 1}\nSubject: ${email.subject}\n\n${email.body}`)
    .join('\n\n---\n\n');
}

/**
 * A saved sequence's export name: the title lowercased with dashes for spaces (docs/product.md §9).
 * Characters no file system accepts are dropped so the browser never renames the file itself.
 */
export function exportBaseName(title: string): string {
  const base = title
    .trim()
    .toLowerCase()
    .replace(/[\\/:*?"<>|]/g, '')
    .replace(/\s+/g, '-');
  return base || DEFAULT_EXPORT_NAME;
}

/** The two formats of docs/product.md §9, as the sequence views have always named them. */
export type ExportFormat = 'csv' | 'txt';

export function exportContent(emails: readonly Email[], format: ExportFormat): string {
  return format === 'csv' ? sequenceToCsv(emails) : sequenceToText(emails);
}

import type { Email } from '@seqgen/proto';

/**
 * Sequence exports (spec §9): a CSV with the columns Email Number, Subject, Body, and a plain text
 * file of "Email N" blocks separated by "---". Builders are pure; `downloadFile` does the browser part.
 */

export const DEFAULT_EXPORT_NAME = 'email-sequence';

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function sequenceToCsv(emails: readonly Email[]): string {
  const header = ['Email Number', 'Subject', 'Body'].join(',');
  const rows = emails.map((email, index) => [String(index + 1), quoted(email.subject), quoted(email.body)].join(','));
  return [header, ...rows].join('\n');
}

export function sequenceToText(emails: readonly Email[]): string {
  return emails
    .map((email, index) => `Email ${index + 1}\nSubject: ${email.subject}\n\n${email.body}`)
    .join('\n\n---\n\n');
}

/**
 * A saved sequence's export name: the title lowercased with dashes for spaces (spec §9).
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

export type ExportFormat = 'csv' | 'txt';

const MIME: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', txt: 'text/plain;charset=utf-8' };

export function exportContent(emails: readonly Email[], format: ExportFormat): string {
  return format === 'csv' ? sequenceToCsv(emails) : sequenceToText(emails);
}

/** Hands a text file to the browser as a download. */
export function downloadFile(fileName: string, content: string, format: ExportFormat): void {
  const url = URL.createObjectURL(new Blob([content], { type: MIME[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function exportSequence(emails: readonly Email[], format: ExportFormat, baseName = DEFAULT_EXPORT_NAME): void {
  downloadFile(`${baseName}.${format}`, exportContent(emails, format), format);
}

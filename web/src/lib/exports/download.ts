import type { Email } from '@seqgen/proto';
import { DEFAULT_EXPORT_NAME, type ExportFormat, exportContent } from './spec';
import type { ExportFile } from './types';

/** Hands a built export to the browser as a download (the only part of this module with a DOM). */
export function downloadExport(file: ExportFile): void {
  // A CSV sheet starts with a BOM character, which the Blob writes as the UTF-8 bytes EF BB BF.
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const SPEC_MIME: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', txt: 'text/plain;charset=utf-8' };

/** Hands a text file to the browser as a download (the original entry point of the docs/product.md §9 exports). */
export function downloadFile(fileName: string, content: string, format: ExportFormat): void {
  downloadExport({ fileName, mime: SPEC_MIME[format], content });
}

export function exportSequence(emails: readonly Email[], format: ExportFormat, baseName = DEFAULT_EXPORT_NAME): void {
  downloadFile(`${baseName}.${format}`, exportContent(emails, format), format);
}

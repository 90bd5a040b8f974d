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

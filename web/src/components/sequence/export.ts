import { buildExport, downloadExport, EXPORT_FORMATS, type ExportFormatId, type ExportInput } from '../../lib/exports';
import { toast } from '../ui/toast-store';

/** docs/product.md §8: "Export Successful — Email sequence exported as CSV or TXT"; the sequencers name their tool. */
export function exportToastText(format: ExportFormatId): string {
  if (format === 'csv') return 'Email sequence exported as CSV';
  if (format === 'txt') return 'Email sequence exported as TXT';
  const label = EXPORT_FORMATS.find((info) => info.id === format)?.label ?? format;
  return `Email sequence exported for ${label}`;
}

export function exportWithToast(format: ExportFormatId, input: ExportInput): void {
  downloadExport(buildExport(format, input));
  toast({ title: 'Export Successful', description: exportToastText(format), variant: 'success' });
}

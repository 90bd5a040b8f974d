/**
 * The CSV and text exports of docs/product.md §9 under their original names, for existing callers. The
 * code, and the exports for each sequencer, live in ./exports.
 */
export { downloadFile, exportSequence } from './exports/download';
export {
  DEFAULT_EXPORT_NAME,
  type ExportFormat,
  exportBaseName,
  exportContent,
  sequenceToCsv,
  sequenceToText,
} from './exports/spec';

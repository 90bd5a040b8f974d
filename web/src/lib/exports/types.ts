import type { Email } from '@seqgen/proto';

/** The export API the sequence views use (see index.ts). */

export type ExportFormatId =
  | 'csv'
  | 'txt'
  | 'hubspot'
  | 'outreach'
  | 'salesloft'
  | 'apollo'
  | 'lemlist'
  | 'instantly'
  | 'smartlead';

export interface ExportInput {
  title: string;
  emails: readonly Email[];
  /** Send day per email, day 0 first, strictly increasing; an unusable cadence falls back to the default. */
  cadence: readonly number[];
  /** Names the campaign inside the tool when the title is blank. */
  companyUrl?: string;
}

export interface ExportFile {
  fileName: string;
  mime: string;
  content: string;
}

export interface ExportFormatInfo {
  id: ExportFormatId;
  label: string;
  extension: 'csv' | 'txt' | 'json';
  howToImport: string;
}

import { apolloSheet } from './apollo';
import { sendDays } from './cadence';
import { hubspotSheet } from './hubspot';
import { instantlyCampaign } from './instantly';
import { lemlistCampaign } from './lemlist';
import { EXPORT_NOTES } from './notes';
import { outreachSheet } from './outreach';
import type { SequencePlan } from './plan';
import { salesloftCadence } from './salesloft';
import { smartleadSequences } from './smartlead';
import { exportBaseName, sequenceToCsv, sequenceToText } from './spec';
import type { ExportFile, ExportFormatId, ExportFormatInfo, ExportInput } from './types';

/**
 * Exports of a sequence: the CSV and text of docs/product.md §9 and a file in each sequencer's own
 * import shape. Builders are pure; downloadExport does the browser part. Each tool's file type,
 * columns or keys, merge tags, delays and threading are documented beside its builder.
 */

const EXTENSIONS: Record<ExportFormatId, ExportFormatInfo['extension']> = {
  csv: 'csv',
  txt: 'txt',
  hubspot: 'csv',
  outreach: 'csv',
  salesloft: 'json',
  apollo: 'csv',
  lemlist: 'json',
  instantly: 'json',
  smartlead: 'json',
};

const ORDER: readonly ExportFormatId[] = [
  'csv',
  'txt',
  'hubspot',
  'outreach',
  'salesloft',
  'apollo',
  'lemlist',
  'instantly',
  'smartlead',
];

/** The CSV and text of docs/product.md §9 first, then the seven sequencers. */
export const EXPORT_FORMATS: readonly ExportFormatInfo[] = ORDER.map((id) => ({
  id,
  label: EXPORT_NOTES[id].label,
  extension: EXTENSIONS[id],
  howToImport: EXPORT_NOTES[id].howToImport,
}));

const MIME: Record<ExportFormatInfo['extension'], string> = {
  csv: 'text/csv;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const BUILDERS: Record<Exclude<ExportFormatId, 'csv' | 'txt'>, (plan: SequencePlan) => string> = {
  hubspot: hubspotSheet,
  outreach: outreachSheet,
  salesloft: (plan) => json(salesloftCadence(plan)),
  apollo: apolloSheet,
  lemlist: (plan) => json(lemlistCampaign(plan)),
  instantly: (plan) => json(instantlyCampaign(plan)),
  smartlead: (plan) => json(smartleadSequences(plan)),
};

function hostOf(url: string | undefined): string {
  if (!url?.trim()) return '';
  try {
    return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`).hostname;
  } catch {
    return '';
  }
}

/** The name the sequence gets inside a tool: its title, else one made from the company's site. */
function campaignName(input: ExportInput): string {
  const title = input.title.trim();
  if (title) return title;
  const host = hostOf(input.companyUrl);
  return host ? `Email sequence for ${host.replace(/^www\./, '')}` : 'Email sequence';
}

export function buildExport(format: ExportFormatId, input: ExportInput): ExportFile {
  const extension = EXTENSIONS[format];
  const base = exportBaseName(input.title);
  const mime = MIME[extension];
  if (format === 'csv') return { fileName: `${base}.csv`, mime, content: sequenceToCsv(input.emails) };
  if (format === 'txt') return { fileName: `${base}.txt`, mime, content: sequenceToText(input.emails) };
  const plan: SequencePlan = {
    name: campaignName(input),
    emails: input.emails,
    days: sendDays(input.emails.length, input.cadence),
  };
  return { fileName: `${base}-${format}.${extension}`, mime, content: BUILDERS[format](plan) };
}

export { downloadExport } from './download';
export { DEFAULT_EXPORT_NAME, exportBaseName, sequenceToCsv, sequenceToText } from './spec';
export type { ExportFile, ExportFormatId, ExportFormatInfo, ExportInput } from './types';

import type { Email } from '@seqgen/proto';

/**
 * Test support for the exports: a realistic seven-email sequence with hostile text in it, and an
 * RFC 4180 parser so tests read files back the way a spreadsheet would instead of matching strings.
 */

export const SEQUENCE: readonly Email[] = [
  {
    // Scraped text can open with a formula; a spreadsheet must never run it.
    subject: '=SUM(1) thing {{company|your team}} could fix',
    body: [
      'Hi {{first_name|there}},',
      '',
      'I read that {{company}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.',
      '',
      'Worth a 15-minute chat?',
      '',
      'Best,',
      '{{sender_name}}',
    ].join('\n'),
  },
  {
    subject: 'Re: the hand-off',
    body: 'Hi {{first_name}},\n\nOne number: 23% of qualified leads stall after the first call.\n\nGrüße,\n{{sender_name}}',
  },
  {
    subject: '+1 idea',
    // A body whose first line is a DDE payload, as scraped: the cell must be neutralised.
    body: "@cmd|' /C calc'!A0\n\nHi {{first_name|}},\n\nA quick case study from a team like {{company|yours}}.\n\n{{sender_name}}",
  },
  {
    subject: '-20% churn at Müller & Söhne',
    body: 'Hi {{first_name|there}},\n\nMüller & Söhne cut churn by 20%, <no> magic involved.\n\n{{sender_name|The seqgen team}}',
  },
  {
    subject: 'A question',
    body: 'Is pipeline review on your plate this quarter, {{first_name|there}}?\n\nIf not, who owns it at {{company|your company}}?',
  },
  {
    subject: 'Closing the loop',
    body: 'Hi {{first_name|there}},\n\nShould I close your file?\nA one-word reply is plenty.\n\n{{sender_name}}',
  },
  {
    subject: 'Last note',
    body: 'Hi {{first_name|there}},\n\nThis is my last note. Thanks, and Grüße from Berlin.\n\n{{sender_name}}',
  },
];

export const CUSTOM_CADENCE: readonly number[] = [0, 2, 5, 9, 14, 20, 27];

/** Cells of an RFC 4180 file: quoted fields with doubled quotes, CRLF or LF records, a leading BOM dropped. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        const next = source[index + 1];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw new Error(`Text after a closing quote at ${index}`);
        }
      } else cell += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (cell !== '') throw new Error(`Quote inside an unquoted field at ${index}`);
      quoted = true;
    } else if (char === ',') endCell();
    else if (char === '\r' && source[index + 1] === '\n') {
      endRow();
      index += 1;
    } else if (char === '\n') endRow();
    else if (char === '\r') throw new Error(`Bare carriage return at ${index}`);
    else cell += char;
    index += 1;
  }
  if (quoted) throw new Error('Unterminated quoted field');
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** The rows of a sheet as objects keyed by its header, after checking every row has every column. */
export function sheetRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('Empty sheet');
  for (const row of rows) if (row.length !== header.length) throw new Error(`Row of ${row.length} cells`);
  return {
    header,
    records: rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] as string]))),
  };
}

import Papa from 'papaparse';

/**
 * CSV writing shared by every export, with papaparse's writer (RFC 4180: a field with a quote, a
 * comma or a line break in double quotes, its quotes doubled; UTF-8).
 *
 * Formula neutralisation: the sequence text is partly scraped from a company's website, so a cell
 * may open with "=", "+", "-" or "@" (or a tab or carriage return, which some spreadsheets skip
 * before evaluating). Excel, Numbers, LibreOffice and Google Sheets run such a cell as a formula,
 * so every cell that starts that way gets a leading single quote, the form OWASP's "CSV Injection"
 * guidance recommends: spreadsheets then show the text as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

type Row = readonly (string | number)[];

/**
 * Rows as CSV, every cell neutralised first. `quoted` puts every cell in quotes (true), or the
 * cells of the columns marked true; the others are quoted only when they must be. No line break
 * follows the last row.
 */
export function csvRows(
  rows: readonly Row[],
  { quoted, newline }: { quoted: boolean | readonly boolean[]; newline: '\n' | '\r\n' },
): string {
  const cells = rows.map((row) => row.map((cell) => neutraliseCell(String(cell))));
  return Papa.unparse(cells, { quotes: typeof quoted === 'boolean' ? quoted : [...quoted], newline });
}

/**
 * A sheet for the sequencer exports: every cell neutralised and quoted, CRLF between records (the
 * RFC's line break, and what Excel writes) and a UTF-8 byte order mark. Without the mark, Excel on
 * Windows opens UTF-8 as the legacy code page and "Grüße" reads "GrÃ¼ÃŸe"; Google Sheets, Numbers
 * and LibreOffice ignore it. These sheets are read by people building the sequence by hand, so
 * opening cleanly in Excel matters more than a bare first byte.
 */
export function toSheet(header: readonly string[], rows: readonly Row[]): string {
  return `\uFEFF${csvRows([header, ...rows], { quoted: true, newline: '\r\n' })}\r\n`;
}

/**
 * CSV writing shared by every export (RFC 4180: fields in double quotes, quotes doubled, UTF-8).
 *
 * Formula neutralisation: the sequence text is partly scraped from a company's website, so a cell
 * may open with "=", "+", "-" or "@" (or a tab or carriage return, which some spreadsheets skip
 * before evaluating). Excel, Numbers, LibreOffice and Google Sheets run such a cell as a formula,
 * so every cell that starts that way gets a leading single quote, the form OWASP's "CSV Injection"
 * guidance recommends: spreadsheets then show the text as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

export const quoteCell = (value: string): string => `"${value.replace(/"/g, '""')}"`;

/**
 * A sheet for the sequencer exports: every cell neutralised and quoted, CRLF between records (the
 * RFC's line break, and what Excel writes) and a UTF-8 byte order mark. Without the mark, Excel on
 * Windows opens UTF-8 as the legacy code page and "Grüße" reads "GrÃ¼ÃŸe"; Google Sheets, Numbers
 * and LibreOffice ignore it. These sheets are read by people building the sequence by hand, so
 * opening cleanly in Excel matters more than a bare first byte.
 */
export function toSheet(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) =>
    cells.map((cell) => quoteCell(neutraliseCell(String(cell)))).join(',');
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}

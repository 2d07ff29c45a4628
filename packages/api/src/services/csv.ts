/**
 * Characters that make a spreadsheet treat a cell as a formula (CSV injection). A cell starting
 * with one gets a leading apostrophe, which spreadsheets show as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell: formula-defused, then quoted per RFC 4180 when it needs to be. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

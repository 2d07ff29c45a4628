/**
 * CSV injection: a spreadsheet treats a cell as a formula when it starts with one of these. A
 * spreadsheet that splits on ';' or tab (as many locales do) or that reads a quoted newline as a
 * new row also starts a cell after those characters, so a formula character there is defused too.
 * A defused formula gets an apostrophe before it, which spreadsheets show as text.
 */
const formulaStart = /^[=+\-@\t\r]/;
const formulaAfterSeparator = /([;,\t\r\n])([=+\-@])/g;

/** One CSV cell: formula-defused, then quoted per RFC 4180 when it needs to be. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(formulaAfterSeparator, "$1'$2");
    if (formulaStart.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

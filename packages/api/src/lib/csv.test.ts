import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555 0100', "'+1 555 0100"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t'=cmd"],
  ])('defuses a cell that starts with a formula character: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    // A semicolon- or tab-separated spreadsheet starts a new cell after these.
    ['x;=1+1', "x;'=1+1"],
    ['x\t=1+1', "x\t'=1+1"],
    ['a;b;@cmd', "a;b;'@cmd"],
    ['x;-2+3', "x;'-2+3"],
  ])('defuses a formula after a separator: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('defuses after a comma or newline, then quotes the cell', () => {
    expect(csvCell('x,=1+1')).toBe(`"x,'=1+1"`);
    expect(csvCell('line one\n=HYPERLINK("x")')).toBe(`"line one\n'=HYPERLINK(""x"")"`);
  });

  it('leaves ordinary text, numbers and booleans alone', () => {
    expect(csvCell('Bake sale, 2 tables')).toBe('"Bake sale, 2 tables"');
    expect(csvCell('555-0100')).toBe('555-0100');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('joins a record with commas and CRLF', () => {
    expect(csvRow(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});

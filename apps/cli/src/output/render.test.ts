import { describe, expect, it } from 'vitest';
import { outputModeOf } from './output-mode.ts';
import { renderData, renderRecord, renderRows } from './render.ts';

const columns = [
  { header: 'CODE', value: (r: { code: string; name: string | null }) => r.code },
  { header: 'NAME', value: (r: { code: string; name: string | null }) => r.name },
];
const rows = [
  { code: 'EUR', name: 'Euro' },
  { code: 'XXX', name: null },
];

describe('outputModeOf', () => {
  it('gives json when asked, a table on a terminal, plain lines in a pipe', () => {
    expect(outputModeOf({ json: true, isTTY: true })).toBe('json');
    expect(outputModeOf({ json: false, isTTY: true })).toBe('table');
    expect(outputModeOf({ json: false, isTTY: false })).toBe('plain');
  });
});

describe('renderRows', () => {
  it('prints tab-separated lines without a header in a pipe, "-" for a missing value', () => {
    expect(renderRows(columns, rows, 'plain')).toBe('EUR\tEuro\nXXX\t-\n');
  });

  it('keeps a value with a tab or line break on one field', () => {
    expect(renderRows(columns, [{ code: 'A\tB', name: 'line\nbreak' }], 'plain')).toBe('A B\tline break\n');
  });

  it('draws a table with headers on a terminal', () => {
    const table = renderRows(columns, rows, 'table');
    expect(table).toContain('CODE');
    expect(table).toContain('Euro');
    expect(table).toMatch(/┌/);
    expect(table.split('\n').length).toBeGreaterThan(4);
  });

  it('prints the rows themselves as JSON', () => {
    expect(JSON.parse(renderRows(columns, rows, 'json'))).toEqual(rows);
  });
});

describe('renderRecord', () => {
  it('prints label and value per line in a pipe', () => {
    expect(
      renderRecord(
        [
          ['id', 'u1'],
          ['email', null],
        ],
        'plain',
      ),
    ).toBe('id\tu1\nemail\t-\n');
  });
  it('prints an object in JSON', () => {
    expect(JSON.parse(renderRecord([['id', 'u1']], 'json'))).toEqual({ id: 'u1' });
  });
});

describe('renderData', () => {
  it('shows a page by its content with the union of keys as columns', () => {
    const page = { content: [{ a: 1 }, { a: 2, b: 'x' }], page: 0, size: 10, totalElements: 2, totalPages: 1 };
    expect(renderData(page, 'plain')).toBe('1\t-\n2\tx\n');
  });
  it('shows a list of scalars one per line', () => {
    expect(renderData(['a', 'b'], 'plain')).toBe('a\nb\n');
  });
  it('shows an object as a record and nested values as compact JSON', () => {
    expect(renderData({ name: 'c', entries: [1] }, 'plain')).toBe('name\tc\nentries\t[1]\n');
  });
  it('keeps the whole answer in JSON', () => {
    const page = { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 };
    expect(JSON.parse(renderData(page, 'json'))).toEqual(page);
  });
});

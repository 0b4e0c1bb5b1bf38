import { describe, expect, it } from 'vitest';
import { readFileAmount } from './file-amount.ts';
import { MASS_COLUMNS, MASS_TEMPLATE_ROWS, massTemplateCsv } from './mass-template.ts';

// The example currencies (EUR, GBP, USD) have 2 decimals.
const DECIMALS = 2;

describe('the mass payment template', () => {
  it('is the header of the columns read, then one line per example, each as wide as the header', () => {
    const lines = massTemplateCsv().split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(MASS_COLUMNS.join(','));
    expect(lines.slice(1, -1)).toHaveLength(MASS_TEMPLATE_ROWS.length);
    for (const line of lines.slice(1, -1)) expect(line.split(',')).toHaveLength(MASS_COLUMNS.length);
  });

  it('writes its amounts as the file amount rule reads them, and no cell that would need quoting', () => {
    for (const row of MASS_TEMPLATE_ROWS) {
      expect(readFileAmount(row.amount, { decimals: DECIMALS }).ok, row.amount).toBe(true);
      for (const value of Object.values(row)) expect(value).not.toMatch(/[",\r\n]|^[=+\-@]/);
    }
  });
});

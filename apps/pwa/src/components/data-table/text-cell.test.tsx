import { render } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderCell } from './cell-renderer.tsx';
import type { ColumnDef } from './column-def.ts';

interface Row {
  walletNumber: string;
  iban: string;
  name: string;
  receiver: { name: string; account: string };
}

const row: Row = {
  walletNumber: '1002 3004 5006',
  iban: 'AE07 0331 2345 6789 0123 456',
  name: 'شركة النخيل',
  receiver: { name: 'Nile Traders', account: '0012 3456' },
};

/** A cell as an Arabic page shows it. */
function renderArabic(column: ColumnDef<Row>) {
  document.documentElement.dir = 'rtl';
  return render(<div dir="rtl">{renderCell(column, row)}</div>).container;
}

afterEach(async () => {
  document.documentElement.dir = 'ltr';
  await i18n.changeLanguage('en');
});

describe('cells in Arabic', () => {
  it('an id, IBAN or wallet number is isolated left-to-right, never split or reordered', async () => {
    await i18n.changeLanguage('ar');
    for (const field of ['walletNumber', 'iban'] as const) {
      const cell = renderArabic({ id: field, field, header: field });
      const bdi = cell.querySelector('bdi');
      expect(bdi?.getAttribute('dir')).toBe('ltr');
      expect(bdi?.textContent).toBe(row[field]);
    }
  });

  it('Arabic text keeps its own direction (isolated, auto)', async () => {
    await i18n.changeLanguage('ar');
    const bdi = renderArabic({ id: 'name', field: 'name', header: 'name' }).querySelector('bdi');
    expect(bdi?.textContent).toBe('شركة النخيل');
    expect(bdi?.hasAttribute('dir')).toBe(false);
  });

  it('each line of a multi-line cell is isolated too (an account under a name)', async () => {
    await i18n.changeLanguage('ar');
    const cell = renderArabic({ id: 'receiver', header: 'receiver', kind: 'multi-line', lines: (r) => [r.receiver.name, r.receiver.account] });
    expect([...cell.querySelectorAll('bdi')].map((b) => [b.textContent, b.getAttribute('dir')])).toEqual([
      ['Nile Traders', 'ltr'],
      ['0012 3456', 'ltr'],
    ]);
  });
});

import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TableState } from '@/lib/table-state-search.ts';
import type { ColumnDef } from './column-def.ts';
import { DataTable } from './data-table.tsx';

interface Row {
  id: string;
  reference: string;
  status: string;
  amount: string;
  valueDate: string;
}

const statusOptions = [
  { value: 'PENDING', name: 'Pending' },
  { value: 'IN_VERIFICATION', name: 'In verification' },
  { value: 'APPROVED', name: 'Approved' },
  { value: 'REJECTED', name: 'Rejected' },
];

const columns: ColumnDef<Row>[] = [
  { id: 'reference', field: 'reference', header: 'Reference', search: true, filterKey: 'referenceNumber' },
  { id: 'status', field: 'status', header: 'Status', filterType: 'status', filterOptions: statusOptions, filterKey: 'statuses' },
  { id: 'amount', field: 'amount', header: 'Amount', filterType: 'amount' },
  { id: 'valueDate', field: 'valueDate', header: 'Value date', filterType: 'date-range' },
];

function Harness({ start, changes }: { start?: Partial<TableState>; changes: TableState[] }) {
  const [state, setState] = useState<TableState>({ page: 3, pageSize: 10, sort: [], filters: [], ...start });
  return (
    <DataTable<Row>
      columns={columns}
      data={[]}
      total={100}
      state={state}
      onStateChange={(next) => {
        changes.push(next);
        setState(next);
      }}
    />
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('column search (spec 5: Reset disabled while the search text is empty)', () => {
  it('disables Reset while empty, applies the text on page 1, and Reset clears it', () => {
    const changes: TableState[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-search-reference'));
    const input = screen.getByTestId('data-table-search-input-reference') as HTMLInputElement;
    expect(input.closest('form')?.style.width).toBe('12.5rem');
    expect(button('Reset').disabled).toBe(true);

    fireEvent.change(input, { target: { value: '   ' } });
    expect(button('Reset').disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'TRX-42' } });
    expect(button('Reset').disabled).toBe(false);
    fireEvent.click(button('Search'));
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 10, sort: [], filters: [{ key: 'referenceNumber', value: 'TRX-42' }] });
    expect(screen.getByTestId('data-table-search-reference').getAttribute('data-active')).toBe('true');

    fireEvent.click(screen.getByTestId('data-table-search-reference'));
    expect((screen.getByTestId('data-table-search-input-reference') as HTMLInputElement).value).toBe('TRX-42');
    fireEvent.click(button('Reset'));
    expect(changes.at(-1)?.filters).toEqual([]);
  });
});

describe('status filter (spec 2)', () => {
  it('searches options case-insensitively by name, applies the selected values, Reset emits []', () => {
    const changes: TableState[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-filter-status'));
    expect(button('Reset').disabled).toBe(true);
    const list = screen.getByRole('group', { name: 'Status' });
    expect(list.style.maxHeight).toBe('20vh');
    expect(list.parentElement?.style.width).toBe('11.25rem');

    const search = screen.getByRole('searchbox', { name: 'Search options' });
    fireEvent.change(search, { target: { value: 'ROV' } });
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Approved']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('No matching options')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'e' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Rejected' }));
    expect(button('Reset').disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    fireEvent.click(button('Apply'));
    expect(changes.at(-1)).toEqual({
      page: 1,
      pageSize: 10,
      sort: [],
      filters: [{ key: 'statuses', value: ['PENDING', 'REJECTED'] }],
    });

    fireEvent.click(screen.getByTestId('data-table-filter-status'));
    expect((screen.getByRole('checkbox', { name: 'Rejected' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button('Reset'));
    expect(changes.at(-1)?.filters).toEqual([]);
  });

  it('opens with the values restored from the saved state or URL', () => {
    render(<Harness start={{ filters: [{ key: 'statuses', value: ['APPROVED'] }] }} changes={[]} />);
    expect(screen.getByTestId('data-table-filter-status').getAttribute('data-active')).toBe('true');
    fireEvent.click(screen.getByTestId('data-table-filter-status'));
    expect((screen.getByRole('checkbox', { name: 'Approved' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Pending' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('amount filter (spec 5: min and max required, Apply disabled until dirty)', () => {
  it('keeps Apply disabled until the form changes and requires both amounts', () => {
    const changes: TableState[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-filter-amount'));
    expect(button('Apply').disabled).toBe(true);
    expect(button('Reset').disabled).toBe(true);

    const min = screen.getByRole('textbox', { name: 'Min amount' }) as HTMLInputElement;
    const max = screen.getByRole('textbox', { name: 'Max amount' }) as HTMLInputElement;
    fireEvent.change(min, { target: { value: '1a0.5.0' } });
    expect(min.value).toBe('10.50');
    expect(button('Apply').disabled).toBe(false);
    fireEvent.click(button('Apply'));
    expect(screen.getByRole('alert').textContent).toBe('Enter both a minimum and a maximum amount');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(changes).toHaveLength(0);

    fireEvent.change(max, { target: { value: '5' } });
    fireEvent.click(button('Apply'));
    expect(screen.getByRole('alert').textContent).toBe('Enter amounts as numbers, minimum not above maximum');
    expect(changes).toHaveLength(0);

    fireEvent.change(max, { target: { value: '2500.75' } });
    fireEvent.click(button('Apply'));
    expect(changes.at(-1)).toEqual({
      page: 1,
      pageSize: 10,
      sort: [],
      filters: [{ key: 'amount', value: { from: '10.50', to: '2500.75' } }],
    });
  });

  it('reopens clean with the applied range: Apply disabled again, Reset clears', () => {
    const changes: TableState[] = [];
    render(<Harness start={{ filters: [{ key: 'amount', value: { from: '1', to: '9' } }] }} changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-filter-amount'));
    expect((screen.getByRole('textbox', { name: 'Min amount' }) as HTMLInputElement).value).toBe('1');
    expect(button('Apply').disabled).toBe(true);
    fireEvent.click(button('Reset'));
    expect(changes.at(-1)?.filters).toEqual([]);
  });
});

describe('date-range filter', () => {
  it('takes dates as dd/MM/yyyy, refuses a start after the end or a date that does not exist, and applies ISO from/to', () => {
    const changes: TableState[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-filter-valueDate'));
    const from = screen.getByTestId('date-range-from') as HTMLInputElement;
    const to = screen.getByTestId('date-range-to') as HTMLInputElement;
    expect(from.placeholder).toBe('dd/mm/yyyy');
    fireEvent.change(from, { target: { value: '20/11/2026' } });
    fireEvent.change(to, { target: { value: '10/11/2026' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date cannot be after the end date');
    expect(button('Apply').disabled).toBe(true);
    fireEvent.change(to, { target: { value: '31/11/2026' } });
    expect(screen.getByRole('alert').textContent).toBe('Enter dates as dd/mm/yyyy');
    expect(button('Apply').disabled).toBe(true);
    fireEvent.change(to, { target: { value: '21/11/2026' } });
    fireEvent.click(button('Apply'));
    expect(changes.at(-1)?.filters).toEqual([{ key: 'valueDate', value: { from: '2026-11-20', to: '2026-11-21' } }]);
    // The chip reads the way the spec writes dates.
    expect(screen.getByTestId('data-table-toolbar').textContent).toContain('20/11/2026 – 21/11/2026');
  });

  it("offers the spec's quick options; one week is today and the six days before, and a second click clears it", () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    try {
      const changes: TableState[] = [];
      render(<Harness changes={changes} />);
      fireEvent.click(screen.getByTestId('data-table-filter-valueDate'));
      const week = screen.getByTestId('date-quick-1W');
      fireEvent.click(week);
      expect(week.getAttribute('aria-pressed')).toBe('true');
      expect((screen.getByTestId('date-range-from') as HTMLInputElement).value).toBe('17/11/2026');
      expect((screen.getByTestId('date-range-to') as HTMLInputElement).value).toBe('23/11/2026');
      fireEvent.click(week);
      expect(week.getAttribute('aria-pressed')).toBe('false');
      expect((screen.getByTestId('date-range-from') as HTMLInputElement).value).toBe('');
      fireEvent.click(screen.getByTestId('date-quick-1D'));
      fireEvent.click(button('Apply'));
      expect(changes.at(-1)?.filters).toEqual([{ key: 'valueDate', value: { from: '2026-11-23', to: '2026-11-23' } }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('toolbar of applied filters', () => {
  it('shows each applied filter by name, removes one, and resets all on page 1', () => {
    const changes: TableState[] = [];
    render(
      <Harness
        start={{
          filters: [
            { key: 'statuses', value: ['PENDING', 'REJECTED'] },
            { key: 'amount', value: { from: '10', to: '20' } },
          ],
        }}
        changes={changes}
      />,
    );
    expect(screen.getByTestId('data-table-chip-statuses').textContent).toBe('Status: Pending, Rejected');
    expect(screen.getByTestId('data-table-chip-amount').textContent).toBe('Amount: 10 – 20');

    fireEvent.click(button('Remove the Status filter'));
    expect(changes.at(-1)?.filters).toEqual([{ key: 'amount', value: { from: '10', to: '20' } }]);
    expect(screen.queryByTestId('data-table-chip-statuses')).toBeNull();

    fireEvent.click(screen.getByTestId('data-table-reset-filters'));
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 10, sort: [], filters: [] });
    expect(screen.queryByTestId('data-table-toolbar')).toBeNull();
  });
});

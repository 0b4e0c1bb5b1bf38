import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TableState } from '@/lib/table-state-search.ts';
import type { ColumnDef } from './column-def.ts';
import { ListTable, type ListRead } from './list-table.tsx';

interface Row {
  id: string;
  name: string;
}

const columns: ColumnDef<Row>[] = [{ id: 'name', field: 'name', header: 'Name' }];
const table = { state: { page: 1, pageSize: 10, sort: [], filters: [] } satisfies TableState, onStateChange: () => undefined };
const rows = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}`, name: `Row ${i + 1}` }));

function read<T>(data: T | undefined, over: Partial<ListRead<T>> = {}): ListRead<T> {
  return { data, loading: false, error: null, updatedAt: null, offline: false, ...over };
}

describe('ListTable', () => {
  it("shows a server page's rows and pages by the server's total", () => {
    render(<ListTable list={read({ content: rows(3), totalElements: 57 })} columns={columns} table={table} label="Rows" />);
    expect(screen.getAllByTestId('data-table-row')).toHaveLength(3);
    expect(screen.getByTestId('data-table-range').textContent).toBe('1-10 of 57');
  });

  it('counts the rows it is given when the list is paged on the device', () => {
    const whole = rows(4);
    render(<ListTable list={read(whole)} rows={whole.slice(0, 2)} columns={columns} table={table} serverSidePagination={false} label="Rows" />);
    expect(screen.getAllByTestId('data-table-row').map((r) => r.textContent)).toEqual(['Row 1', 'Row 2']);
    expect(screen.getByTestId('data-table-range').textContent).toBe('1-2 of 2');
  });

  it('says the read failed only when nothing is saved to show instead', () => {
    const failed = { testId: 'rows-error', message: 'The rows could not be loaded.' };
    const { rerender } = render(
      <ListTable
        list={read<{ content: Row[]; totalElements: number }>(undefined, { error: new Error('refused') })}
        columns={columns}
        table={table}
        failed={failed}
      />,
    );
    expect(screen.getByTestId('rows-error').textContent).toBe('The rows could not be loaded.');
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('rows-error'));
    rerender(
      <ListTable list={read({ content: rows(1), totalElements: 1 }, { error: new Error('refused') })} columns={columns} table={table} failed={failed} />,
    );
    expect(screen.queryByTestId('rows-error')).toBeNull();
  });

  it('shows the empty state from its title and description, or as given', () => {
    const empty = read({ content: [] as Row[], totalElements: 0 });
    const { rerender } = render(
      <ListTable list={empty} columns={columns} table={table} empty={{ testId: 'rows-empty', title: 'No rows yet', description: 'Rows appear here.' }} />,
    );
    expect(screen.getByTestId('rows-empty').textContent).toBe('No rows yetRows appear here.');
    rerender(<ListTable list={empty} columns={columns} table={table} empty={<span data-testid="rows-none">Nothing</span>} />);
    expect(screen.getByTestId('rows-none').textContent).toBe('Nothing');
  });

  it('marks a list shown from the device while offline', () => {
    render(<ListTable list={read({ content: rows(1), totalElements: 1 }, { offline: true, updatedAt: new Date() })} columns={columns} table={table} />);
    expect(screen.getByTestId('data-table-offline')).toBeTruthy();
  });
});

import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedTableConfig } from '@/lib/table-state.ts';
import type { TableState } from '@/lib/table-state-search.ts';
import { ACTIONS_COLUMN_ID, type ColumnDef } from './column-def.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';

interface Payment {
  id: string;
  reference: string;
  status: string;
  amount: { amount: string; currency: string } | null;
  beneficiary?: { name: string };
}

const columns: ColumnDef<Payment>[] = [
  { id: 'reference', field: 'reference', header: 'Reference', sorting: true, search: true },
  { id: 'status', field: 'status', header: 'Status', kind: 'status', sorting: true, sortKey: 'txnStatus' },
  { id: 'amount', field: 'amount', header: 'Amount', kind: 'amount', amount: { dp: 2 } },
  { id: 'beneficiary', field: 'beneficiary.name', header: 'Beneficiary' },
];

function payments(count: number, offset = 0): Payment[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${offset + i + 1}`,
    reference: `REF-${offset + i + 1}`,
    status: 'APPROVED',
    amount: { amount: '1234.5', currency: 'USD' },
    beneficiary: { name: 'Globex Trading' },
  }));
}

const initial: TableState = { page: 1, pageSize: 10, sort: [], filters: [] };

/** Holds the state like a screen would, and records every change the table asks for. */
function Harness(props: Partial<DataTableProps<Payment>> & { start?: TableState; changes?: TableState[] }) {
  const { start = initial, changes, ...rest } = props;
  const [state, setState] = useState(start);
  return (
    <DataTable<Payment>
      columns={columns}
      data={payments(Math.min(state.pageSize, 57 - (state.page - 1) * state.pageSize), (state.page - 1) * state.pageSize)}
      total={57}
      {...rest}
      state={state}
      onStateChange={(next) => {
        changes?.push(next);
        setState(next);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('DataTable sorting (spec 2: asc -> desc -> none, a sort change resets to page 1)', () => {
  it('cycles one column through ascending, descending and none, back on page 1 each time', () => {
    const changes: TableState[] = [];
    render(<Harness start={{ ...initial, page: 3 }} changes={changes} />);
    const sort = screen.getByTestId('data-table-sort-reference');
    expect(sort.getAttribute('data-sort')).toBe('none');

    fireEvent.click(sort);
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 10, sort: ['reference,ASC,ignorecase'], filters: [] });
    expect(sort.getAttribute('data-sort')).toBe('asc');
    expect(sort.closest('th')?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByTestId('data-table-next'));
    expect(changes.at(-1)?.page).toBe(2);
    fireEvent.click(sort);
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 10, sort: ['reference,DESC,ignorecase'], filters: [] });

    fireEvent.click(sort);
    expect(changes.at(-1)?.sort).toEqual([]);
    expect(sort.getAttribute('data-sort')).toBe('none');
  });

  it('sorts by sortKey when given, and a second column replaces the first', () => {
    const changes: TableState[] = [];
    render(<Harness changes={changes} />);
    fireEvent.click(screen.getByTestId('data-table-sort-reference'));
    fireEvent.click(screen.getByTestId('data-table-sort-status'));
    expect(changes.at(-1)?.sort).toEqual(['txnStatus,ASC,ignorecase']);
    expect(screen.getByTestId('data-table-sort-reference').getAttribute('data-sort')).toBe('none');
  });
});

describe('DataTable paging', () => {
  it('shows "start-end of total" and moves with next, previous, last and first', () => {
    render(<Harness />);
    const range = () => screen.getByTestId('data-table-range').textContent;
    expect(range()).toBe('1-10 of 57');
    expect((screen.getByTestId('data-table-prev') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('data-table-next'));
    expect(range()).toBe('11-20 of 57');
    expect(screen.getAllByTestId('data-table-row')[0]?.textContent).toContain('REF-11');

    fireEvent.click(screen.getByTestId('data-table-last'));
    expect(range()).toBe('51-57 of 57');
    expect(screen.getAllByTestId('data-table-row')).toHaveLength(7);
    expect((screen.getByTestId('data-table-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('data-table-prev'));
    expect(range()).toBe('41-50 of 57');
    fireEvent.click(screen.getByTestId('data-table-first'));
    expect(range()).toBe('1-10 of 57');
  });

  it('shows a lower-bound total as "N+" and offers no last page, while next and first still move', () => {
    const changes: TableState[] = [];
    // The server stopped counting 10,000 rows past the first page: 10,010 or more rows.
    render(<Harness total={10010} totalKind="atLeast" changes={changes} />);
    const range = () => screen.getByTestId('data-table-range').textContent;
    expect(range()).toBe('1-10 of 10,010+');
    expect((screen.getByTestId('data-table-last') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('data-table-next') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('data-table-next'));
    expect(changes.at(-1)?.page).toBe(2);
    expect(range()).toBe('11-20 of 10,010+');
    expect((screen.getByTestId('data-table-last') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('data-table-first'));
    expect(range()).toBe('1-10 of 10,010+');
  });

  it('an exact total keeps its last page', () => {
    render(<Harness total={10010} totalKind="exact" />);
    expect(screen.getByTestId('data-table-range').textContent).toBe('1-10 of 10,010');
    expect((screen.getByTestId('data-table-last') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers page sizes 10 to 50, and a size change resets to page 1 (spec 2)', () => {
    const changes: TableState[] = [];
    render(<Harness start={{ ...initial, page: 4 }} changes={changes} />);
    const select = screen.getByTestId('data-table-page-size') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '20', '30', '40', '50']);
    expect(select.value).toBe('10');

    fireEvent.change(select, { target: { value: '20' } });
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 20, sort: [], filters: [] });
    expect(screen.getByTestId('data-table-range').textContent).toBe('1-20 of 57');
  });

  it('shows 0-0 of 0 and the empty state without rows', () => {
    render(<DataTable<Payment> columns={columns} data={[]} total={0} state={initial} onStateChange={() => {}} emptyState="No payments yet" />);
    expect(screen.getByTestId('data-table-range').textContent).toBe('0-0 of 0');
    expect(screen.getByTestId('data-table-empty').textContent).toBe('No payments yet');
    expect((screen.getByTestId('data-table-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline, a view never fetched on this device says so and offers a way back instead of "No data"', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { unmount } = render(
      <DataTable<Payment> columns={columns} data={[]} total={0} state={initial} onStateChange={() => {}} offline emptyState="No payments yet" />,
    );
    expect(screen.getByTestId('data-table-not-saved').textContent).toContain('Offline: not saved on this device yet');
    expect(screen.getByTestId('data-table-offline').textContent).toBe('Offline: not saved on this device yet');
    fireEvent.click(screen.getByTestId('data-table-go-back'));
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
    unmount();
    // Saved once and empty then: the list really was empty.
    render(
      <DataTable<Payment>
        columns={columns}
        data={[]}
        total={0}
        state={initial}
        onStateChange={() => {}}
        offline
        updatedAt={new Date()}
        emptyState="No payments yet"
      />,
    );
    expect(screen.getByTestId('data-table-empty').textContent).toBe('No payments yet');
    expect(screen.getByTestId('data-table-offline').textContent).toBe('Offline: showing saved data');
  });

  it('a row that opens something is focusable and opens with Enter or Space, not from keys on its controls', () => {
    const opened: string[] = [];
    render(
      <DataTable<Payment>
        columns={columns}
        data={payments(2)}
        total={2}
        state={initial}
        onStateChange={() => {}}
        selectable
        onRowClick={(row) => opened.push(row.id)}
      />,
    );
    const [first, second] = screen.getAllByTestId('data-table-row');
    expect(first?.tabIndex).toBe(0);
    fireEvent.keyDown(first as HTMLElement, { key: 'Enter' });
    fireEvent.keyDown(second as HTMLElement, { key: ' ' });
    fireEvent.keyDown(first as HTMLElement, { key: 'a' });
    fireEvent.keyDown(screen.getAllByTestId('data-table-select-row')[0] as HTMLElement, { key: 'Enter' });
    expect(opened).toEqual(['p1', 'p2']);
  });

  it('pages the rows itself without server-side pagination', () => {
    render(
      <DataTable<Payment>
        columns={columns}
        data={payments(25)}
        total={0}
        serverSidePagination={false}
        state={{ ...initial, page: 3 }}
        onStateChange={() => {}}
      />,
    );
    expect(screen.getByTestId('data-table-range').textContent).toBe('21-25 of 25');
    expect(screen.getAllByTestId('data-table-row').map((r) => r.getAttribute('data-row-id'))).toEqual(['p21', 'p22', 'p23', 'p24', 'p25']);
  });
});

describe('DataTable selection (spec 2: tri-state header checkbox for the current page)', () => {
  it('goes unchecked -> indeterminate -> checked, and clearing emits []', () => {
    const emitted: Payment[][] = [];
    render(<Harness selectable onSelectionChange={(rows) => emitted.push(rows)} />);
    const header = () => screen.getByTestId('data-table-select-all') as HTMLInputElement;
    const rowBoxes = () => screen.getAllByTestId('data-table-select-row') as HTMLInputElement[];
    expect(header().getAttribute('data-state')).toBe('unchecked');
    expect(header().checked).toBe(false);

    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    expect(header().getAttribute('data-state')).toBe('indeterminate');
    expect(header().indeterminate).toBe(true);
    expect(emitted.at(-1)?.map((r) => r.id)).toEqual(['p1']);

    fireEvent.click(header());
    expect(header().getAttribute('data-state')).toBe('checked');
    expect(header().checked).toBe(true);
    expect(header().indeterminate).toBe(false);
    expect(emitted.at(-1)).toHaveLength(10);

    fireEvent.click(header());
    expect(header().getAttribute('data-state')).toBe('unchecked');
    expect(emitted.at(-1)).toEqual([]);
  });

  it('judges the header by the current page: another page starts unchecked, the selection is kept', () => {
    const emitted: Payment[][] = [];
    render(<Harness selectable onSelectionChange={(rows) => emitted.push(rows)} />);
    fireEvent.click(screen.getByTestId('data-table-select-all'));
    fireEvent.click(screen.getByTestId('data-table-next'));
    expect(screen.getByTestId('data-table-select-all').getAttribute('data-state')).toBe('unchecked');
    fireEvent.click(screen.getAllByTestId('data-table-select-row')[0] as HTMLElement);
    expect(emitted.at(-1)?.map((r) => r.id)).toEqual([...Array.from({ length: 10 }, (_, i) => `p${i + 1}`), 'p11']);
  });
});

describe('DataTable cells and headers', () => {
  it("shows '-' for missing values, truncates with a title, formats amounts and statuses", () => {
    const rows: Payment[] = [{ id: 'a', reference: 'A very long reference that will not fit', status: 'REJECTED', amount: null }];
    render(<DataTable<Payment> columns={columns} data={rows} total={1} state={initial} onStateChange={() => {}} />);
    const cells = within(screen.getByTestId('data-table-row')).getAllByRole('cell');
    const reference = cells[0]?.querySelector('span');
    expect(reference?.getAttribute('title')).toBe('A very long reference that will not fit');
    expect(reference?.className).toContain('truncate');
    expect(reference?.style.maxWidth).toBe('12.5rem');
    expect(cells[1]?.querySelector('[data-status]')?.getAttribute('data-tone')).toBe('red');
    expect(cells[1]?.textContent).toBe('Rejected');
    expect(cells[2]?.textContent).toBe('-');
    expect(cells[3]?.textContent).toBe('-');
  });

  it('formats an amount with the currency decimals', () => {
    render(<DataTable<Payment> columns={columns} data={payments(1)} total={1} state={initial} onStateChange={() => {}} />);
    const cells = within(screen.getByTestId('data-table-row')).getAllByRole('cell');
    expect(cells[2]?.textContent).toBe('1,234.50 USD');
    expect(cells[3]?.textContent).toBe('Globex Trading');
  });

  it('renders grouped headers (subHeaders) over their columns, leaves span both rows', () => {
    const grouped: ColumnDef<Payment>[] = [
      { id: 'reference', field: 'reference', header: 'Reference', width: '8rem' },
      {
        id: 'money',
        header: 'Money',
        subHeaders: [
          { id: 'amount', field: 'amount', header: 'Amount', kind: 'amount' },
          { id: 'status', field: 'status', header: 'Status', kind: 'status' },
        ],
      },
    ];
    const { container } = render(<DataTable<Payment> columns={grouped} data={payments(2)} total={2} state={initial} onStateChange={() => {}} />);
    const headerRows = container.querySelectorAll('thead tr');
    expect(headerRows).toHaveLength(2);
    const top = [...(headerRows[0]?.querySelectorAll('th') ?? [])];
    expect(top.map((th) => th.textContent)).toEqual(['Reference', 'Money']);
    expect(top[0]?.getAttribute('rowspan')).toBe('2');
    expect(top[0]?.style.width).toBe('8rem');
    expect(top[1]?.getAttribute('colspan')).toBe('2');
    expect([...(headerRows[1]?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual(['Amount', 'Status']);
    expect(within(screen.getAllByTestId('data-table-row')[0] as HTMLElement).getAllByRole('cell')).toHaveLength(3);
  });

  it("keeps the row actions column in view at the table's end (pinned), and only that column", () => {
    const withActions: ColumnDef<Payment>[] = [
      ...columns,
      { id: ACTIONS_COLUMN_ID, header: 'Actions', cell: (r) => <button type="button">Open {r.reference}</button> },
    ];
    render(<DataTable<Payment> columns={withActions} data={payments(2)} total={2} state={initial} onStateChange={() => {}} />);
    const pinned = [...document.querySelectorAll('[data-pinned="end"]')];
    expect(pinned.map((cell) => cell.tagName)).toEqual(['TH', 'TD', 'TD']);
    expect(pinned.every((cell) => cell.classList.contains('data-table-pinned'))).toBe(true);
    expect(within(pinned[1] as HTMLElement).getByRole('button', { name: 'Open REF-1' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Reference' }).getAttribute('data-pinned')).toBeNull();
  });
  it('shows skeleton rows while loading', () => {
    render(<DataTable<Payment> columns={columns} data={payments(3)} total={3} state={initial} onStateChange={() => {}} loading />);
    expect(screen.getAllByTestId('data-table-skeleton')).toHaveLength(10);
    expect(screen.queryAllByTestId('data-table-row')).toHaveLength(0);
  });

  it('says how old the cached data is, and that it is offline', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    render(
      <DataTable<Payment>
        columns={columns}
        data={payments(1)}
        total={1}
        state={initial}
        onStateChange={() => {}}
        updatedAt={new Date('2026-11-22T09:55:00Z')}
        offline
      />,
    );
    expect(screen.getByTestId('data-table-updated-at').textContent).toBe('Updated 5 minutes ago');
    expect(screen.getByTestId('data-table-offline')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId('data-table-updated-at').textContent).toBe('Updated 1 hour ago');
  });
});

describe('DataTable saved page config (spec 4)', () => {
  it('saves the state of its table key with total and category', () => {
    render(<Harness tableKey="sp-summary" tableCategory="currencygrouping" />);
    fireEvent.click(screen.getByTestId('data-table-next'));
    expect(savedTableConfig('sp-summary')).toEqual({
      page: 2,
      pageSize: 10,
      total: 57,
      sort: [],
      filters: [],
      serverSidePagination: true,
      tableCategory: 'currencygrouping',
    });
  });
});

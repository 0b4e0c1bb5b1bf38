import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Ban, Play } from 'lucide-react';
import { ACTIONS_COLUMN_ID, type ColumnDef, type RowAction } from './column-def.ts';
import { DataTable } from './data-table.tsx';
import { RowActionsCell } from './row-actions.tsx';

interface Row {
  id: string;
  paymentId: string;
  status: 'DRAFTED' | 'COMPLETED';
}

const rows: Row[] = [
  { id: 'r1', paymentId: 'PMT20261202C105D221DA', status: 'DRAFTED' },
  { id: 'r2', paymentId: 'PMT20261202A9E6358295', status: 'COMPLETED' },
];

function actionsOf(onSelect: (action: string, row: Row) => void) {
  return (row: Row): RowAction[] =>
    row.status === 'DRAFTED'
      ? [
          { id: 'initiate', label: 'Initiate', icon: Play, testId: 'act-initiate', onSelect: () => onSelect('initiate', row) },
          { id: 'cancel', label: 'Cancel', icon: Ban, variant: 'destructive', testId: 'act-cancel', onSelect: () => onSelect('cancel', row) },
        ]
      : [];
}

/** Opens the menu from the keyboard (Radix opens it on a pointer press, which jsdom cannot make). */
function openMenu(trigger: HTMLElement) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

describe('row actions', () => {
  it('the actions column shows the buttons from the medium breakpoint and one menu button below it', () => {
    const onSelect = vi.fn();
    const onRowClick = vi.fn();
    const columns: ColumnDef<Row>[] = [
      { id: 'paymentId', field: 'paymentId', header: 'Payment ID' },
      { id: ACTIONS_COLUMN_ID, header: 'Actions', rowActions: actionsOf(onSelect), rowName: (r) => r.paymentId, cell: () => 'done' },
    ];
    render(
      <DataTable
        columns={columns}
        data={rows}
        total={2}
        state={{ page: 1, pageSize: 10, sort: [], filters: [] }}
        onStateChange={() => {}}
        onRowClick={onRowClick}
      />,
    );
    // Both forms are rendered; CSS shows one of them by the screen's width.
    expect(screen.getByTestId('row-actions').className).toContain('max-md:hidden');
    const menuButton = screen.getByRole('button', { name: 'Actions for PMT20261202C105D221DA' });
    expect(menuButton.parentElement?.className).toContain('md:hidden');
    // The column's cell is the row's note: under its actions, or alone on a row with nothing to do.
    expect(screen.getAllByTestId('row-actions-menu')).toHaveLength(1);
    expect(screen.getAllByText('done')).toHaveLength(2);
    // The column's name is for screen readers only on a phone, where the column is one button wide.
    expect(screen.getByText('Actions').closest('th')?.firstElementChild?.className).toContain('max-md:sr-only');

    fireEvent.click(screen.getByTestId('act-cancel'));
    expect(onSelect).toHaveBeenCalledWith('cancel', rows[0]);
    // The button acts on its own: the row (which opens the payment's page) does not.
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('the menu lists the row’s actions, runs the one chosen and leaves the row closed', async () => {
    const onSelect = vi.fn();
    const onRowClick = vi.fn();
    render(
      // The row's click handler stands for DataTable's: the menu is portalled, but React events still bubble to it.
      <div onClick={onRowClick}>
        <RowActionsCell actions={actionsOf(onSelect)(rows[0]!)} rowName="PMT20261202C105D221DA" />
      </div>,
    );
    openMenu(screen.getByTestId('row-actions-menu'));
    const items = await screen.findAllByRole('menuitem');
    // The items carry the buttons' test ids: a test finds an action by one name whichever form shows.
    expect(items.map((i) => i.dataset.testid)).toEqual(['act-initiate', 'act-cancel']);
    expect(items[1]?.dataset.variant).toBe('destructive');
    fireEvent.click(items[0]!);
    expect(onSelect).toHaveBeenCalledWith('initiate', rows[0]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('a row without actions shows nothing, or its note', () => {
    const { container } = render(<RowActionsCell actions={[]} />);
    expect(container.innerHTML).toBe('');
    render(<RowActionsCell actions={[]} note={<span data-testid="note">Approved by Ann</span>} />);
    expect(screen.getByTestId('note').textContent).toBe('Approved by Ann');
  });

  it('a row’s note shows under its actions, and an action without a test id is named by its id in the menu', async () => {
    render(<RowActionsCell actions={[{ id: 'edit', label: 'Edit', onSelect: () => {} }]} note={<span data-testid="note">Refused</span>} />);
    const note = screen.getByTestId('note');
    expect(note.parentElement?.firstElementChild).toBe(screen.getByTestId('row-actions'));
    openMenu(screen.getByTestId('row-actions-menu'));
    expect((await screen.findByRole('menuitem')).dataset.testid).toBe('row-action-edit');
  });

  it('an icon-only button is named by its label, shown from 2xl up where asked', () => {
    const actions: RowAction[] = [
      { id: 'approve', label: 'Approve', icon: Play, labelFrom: '2xl', testId: 'approve', onSelect: () => {} },
      { id: 'edit', label: 'Edit', icon: Ban, labelFrom: 'never', testId: 'edit', onSelect: () => {} },
      { id: 'plain', label: 'Plain', testId: 'plain', labelFrom: 'never', onSelect: () => {} },
    ];
    render(<RowActionsCell actions={actions} />);
    const approve = screen.getByTestId('approve');
    expect(approve.getAttribute('aria-label')).toBe('Approve');
    expect(approve.querySelector('span')?.className).toContain('2xl:inline');
    const edit = screen.getByTestId('edit');
    expect(edit.getAttribute('aria-label')).toBe('Edit');
    expect(edit.textContent).toBe('');
    expect(edit.className).toContain('size-8');
    // Without an icon the label stays: a button is never blank.
    expect(screen.getByTestId('plain').textContent).toBe('Plain');
  });
});

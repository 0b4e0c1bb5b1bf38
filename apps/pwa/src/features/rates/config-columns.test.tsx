import { render, screen, fireEvent } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderCell } from '@/components/data-table/cell-renderer.tsx';
import { layer1Columns, profileColumns, type Layer1Row, type ProfileRow } from './config-columns.tsx';

const row: Layer1Row = {
  id: 'm-1',
  serviceProviderId: 'tsp',
  transactionCategory: 'PAYOUT',
  sourceCurrency: 'USD',
  targetCurrency: 'AED',
  dealType: 'SPOT',
  rateProviderId: 'REFINITIV',
  currencyDealConfigId: 'd-1',
  currencyConfigId: 'c-1',
  markupType: 'PIP',
  askMarkup: '25',
  bidMarkup: '-25',
};

describe('markup columns', () => {
  it('writes a markup with its sign and unit label (spec 9: pips, %, flat, bips)', () => {
    const columns = layer1Columns(i18n.t.bind(i18n), () => {});
    const sides = (markupType: string, askMarkup: string, bidMarkup: string) => {
      const cells = ['askMarkup', 'bidMarkup'].map((id) =>
        columns.find((c) => c.id === id)!.cell!({ ...row, markupType: markupType as Layer1Row['markupType'], askMarkup, bidMarkup }),
      );
      const { container, unmount } = render(
        <div>
          {cells.map((c, i) => (
            <p key={i}>{c}</p>
          ))}
        </div>,
      );
      const out = [...container.querySelectorAll('p')].map((p) => p.textContent);
      unmount();
      return out;
    };
    expect(sides('PERCENTAGE', '0.25', '-0.25')).toEqual(['+0.25 %', '-0.25 %']);
    expect(sides('BIP', '0', '-10')).toEqual(['0 bips', '-10 bips']);
    expect(sides('FLAT', '1.5', '-1.5')).toEqual(['+1.5 flat', '-1.5 flat']);
  });

  it('lists category, pair, tenor, provider and both sides, and opens the edit for the row', () => {
    const onEdit = vi.fn();
    const columns = layer1Columns(i18n.t.bind(i18n), onEdit);
    expect(columns.map((c) => c.id)).toEqual(['category', 'pair', 'dealType', 'provider', 'markupType', 'askMarkup', 'bidMarkup', 'actions']);
    expect(columns.find((c) => c.id === 'dealType')?.filterOptions?.map((o) => o.value)).toEqual(['CASH', 'TOM', 'SPOT', 'FWD']);
    render(
      <div>
        {columns.map((c) => (
          <div key={c.id}>{renderCell(c, row)}</div>
        ))}
      </div>,
    );
    expect(screen.getByText('USD/AED')).toBeTruthy();
    expect(screen.getByText('+25 pips')).toBeTruthy();
    expect(screen.getByText('-25 pips')).toBeTruthy();
    fireEvent.click(screen.getByTestId('layer1-edit'));
    expect(onEdit).toHaveBeenCalledWith(row);
    // On a phone the row's actions are one menu button, named by the row's pair.
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toContain('USD/AED');
  });

  it('a markup profile row offers Edit and Delete, as buttons and in its menu under the same test ids', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const profile: ProfileRow = { id: 'p-1', name: 'Gold', description: null, enabled: true } as ProfileRow;
    const actions = profileColumns(i18n.t.bind(i18n), onEdit, onDelete).find((c) => c.id === 'actions')!;
    render(<div>{renderCell(actions, profile)}</div>);
    expect(screen.getByTestId('row-actions-menu').getAttribute('aria-label')).toContain('Gold');
    fireEvent.keyDown(screen.getByTestId('row-actions-menu'), { key: 'Enter' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.dataset.testid)).toEqual(['profile-edit', 'profile-delete']);
    fireEvent.click(items[1]!);
    expect(onDelete).toHaveBeenCalledWith(profile);
    expect(onEdit).not.toHaveBeenCalled();
  });
});

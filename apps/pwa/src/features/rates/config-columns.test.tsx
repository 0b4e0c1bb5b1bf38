import { render, screen, fireEvent } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { layer1Columns, markupText, type Layer1Row } from './config-columns.tsx';

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
    expect(markupText('25', 'PIP')).toBe('+25 pips');
    expect(markupText('-0.25', 'PERCENTAGE')).toBe('-0.25 %');
    expect(markupText('0', 'BIP')).toBe('0 bips');
    expect(markupText('1.5', 'FLAT')).toBe('+1.5 flat');
  });

  it('lists category, pair, tenor, provider and both sides, and opens the edit for the row', () => {
    const onEdit = vi.fn();
    const columns = layer1Columns(i18n.t.bind(i18n), onEdit);
    expect(columns.map((c) => c.id)).toEqual(['category', 'pair', 'dealType', 'provider', 'markupType', 'askMarkup', 'bidMarkup', 'actions']);
    expect(columns.find((c) => c.id === 'dealType')?.filterOptions?.map((o) => o.value)).toEqual(['CASH', 'TOM', 'SPOT', 'FWD']);
    render(
      <div>
        {columns.map((c) => (
          <div key={c.id}>{c.cell?.(row)}</div>
        ))}
      </div>,
    );
    expect(screen.getByText('USD/AED')).toBeTruthy();
    expect(screen.getByText('+25 pips')).toBeTruthy();
    expect(screen.getByText('-25 pips')).toBeTruthy();
    fireEvent.click(screen.getByTestId('layer1-edit'));
    expect(onEdit).toHaveBeenCalledWith(row);
  });
});

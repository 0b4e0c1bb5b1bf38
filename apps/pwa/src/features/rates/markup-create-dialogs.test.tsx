import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { AgentMarkupCreateDialog, VolatileLayerCreateDialog } from './markup-create-dialogs.tsx';

const deals = [
  { value: 'd-1', label: 'USD/AED · SPOT · SIM' },
  { value: 'd-2', label: 'EUR/AED · CASH · SIM' },
];

describe('volatile layer create dialog', () => {
  it('sends nothing until a deal is chosen, then the deal with its spread', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<VolatileLayerCreateDialog deals={deals} onSave={onSave} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('volatile-deal-error')).textContent).toBe('Choose a currency deal');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('volatile-deal'), { target: { value: 'd-2' } });
    fireEvent.change(screen.getByTestId('markup-type'), { target: { value: 'BIP' } });
    fireEvent.change(screen.getByTestId('markup-askMarkup'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByTestId('markup-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ currencyDealConfigId: 'd-2', markupType: 'BIP', askMarkup: '12.5', bidMarkup: '0' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's refusal of a foreign deal on the deal field and stays open", async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 404,
          code: 'NOT_FOUND',
          message: 'Not found',
          invalidParameters: [{ parameter: 'currencyDealConfigId', message: 'no currency deal d-1' }],
        }),
      ),
    );
    const onClose = vi.fn();
    render(<VolatileLayerCreateDialog deals={deals} onSave={onSave} onClose={onClose} />);
    fireEvent.change(screen.getByTestId('volatile-deal'), { target: { value: 'd-1' } });
    fireEvent.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('volatile-deal-error')).textContent).toBe('no currency deal d-1');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('agent markup create dialog', () => {
  it('sends the product, activity and instrument upper case with the spread', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<AgentMarkupCreateDialog onSave={onSave} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('markup-save'));
    expect((await screen.findByTestId('agent-productType-error')).textContent).toBe('Required');
    fireEvent.change(screen.getByTestId('agent-productType'), { target: { value: 'remittance' } });
    fireEvent.change(screen.getByTestId('agent-activityType'), { target: { value: 'SELL' } });
    fireEvent.change(screen.getByTestId('agent-instrumentType'), { target: { value: 'spot' } });
    fireEvent.change(screen.getByTestId('markup-askMarkup'), { target: { value: '15' } });
    fireEvent.change(screen.getByTestId('markup-bidMarkup'), { target: { value: '-10' } });
    fireEvent.click(screen.getByTestId('markup-save'));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        productType: 'REMITTANCE',
        activityType: 'SELL',
        instrumentType: 'SPOT',
        markupType: 'PIP',
        askMarkup: '15',
        bidMarkup: '-10',
      }),
    );
  });
});

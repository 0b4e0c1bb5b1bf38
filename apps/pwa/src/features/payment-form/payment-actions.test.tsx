import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentDraftState } from '@corridor/state-machines';
import { PaymentActions } from './payment-actions.tsx';

function renderActions(blockedBy: Parameters<typeof PaymentActions>[0]['blockedBy'], state: PaymentDraftState = 'ready') {
  cleanup();
  render(<PaymentActions state={state} error={null} blockedBy={blockedBy} onSend={vi.fn()} onSaveDraft={vi.fn()} />);
  return screen.getByTestId('payment-send') as HTMLButtonElement;
}

describe('the send button', () => {
  it('off on an expired quote, it says what to do: get a new quote', () => {
    const send = renderActions('expired', 'quoting');
    expect(send.disabled).toBe(true);
    expect(send.textContent).toBe('Get a new quote');
  });

  it('names the step missing while the quote is under fee edit or failed', () => {
    expect(renderActions('feeEditing').textContent).toBe('Save or cancel the fee edit');
    expect(renderActions('failed').textContent).toBe('Retry the quote');
  });

  it('on, it sends, or sends once quoted', () => {
    expect(renderActions(null).textContent).toBe('Send payment');
    expect(renderActions(null, 'quoting').textContent).toBe('Send when quoted');
  });
});

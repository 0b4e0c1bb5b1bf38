import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { enqueue, listOutbox, replaceIfUnchanged } from '../../lib/outbox/outbox-store.ts';
import { UnsentPayments } from './unsent-payments.tsx';

const body = (id: string, name: string, amount: string) => ({
  draftId: id,
  sendAmount: amount,
  sendCurrency: 'EUR',
  receiveCurrency: 'USD',
  receiver: { name },
});

describe('unsent payments', () => {
  it('lists what the device holds and the server does not, with its state and age, and nothing once all is sent', async () => {
    const userId = 'u-unsent';
    await enqueue({ id: 'd-1', userId, kind: 'payment', body: body('d-1', 'Globex GmbH', '120.50') }, Date.now() - 3 * 60_000);
    await enqueue({ id: 'd-2', userId, kind: 'payment', body: body('d-2', 'Acme Ltd', '9.99') });
    const { container } = render(<UnsentPayments userId={userId} />);
    await waitFor(() => expect(screen.getAllByTestId('unsent-payment')).toHaveLength(2));
    const first = screen.getAllByTestId('unsent-payment')[0]!;
    expect(first.textContent).toContain('Globex GmbH');
    expect(first.textContent).toContain('120.50 EUR → USD');
    expect(first.dataset.state).toBe('queued');
    expect(first.querySelector('[data-testid="unsent-payment-state"]')?.textContent).toBe('Waiting to send');
    expect(first.querySelector('[data-testid="unsent-payment-age"]')?.textContent).toBe('3 minutes ago');
    expect(screen.getByTestId('unsent-payments').textContent).toContain('2 payments on this device');

    // Once the server holds them, they leave this list (the server's list shows them).
    for (const item of await listOutbox(userId)) await replaceIfUnchanged(item, { ...item, state: 'sent' });
    await waitFor(() => expect(container.querySelector('[data-testid="unsent-payments"]')).toBeNull());
  });
});

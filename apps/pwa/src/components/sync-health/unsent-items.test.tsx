import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { enqueue, listOutbox, replaceIfUnchanged } from '../../lib/outbox/outbox-store.ts';
import { UnsentItems } from './unsent-items.tsx';

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
    const { container } = render(<UnsentItems userId={userId} list="payments" />);
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

  it('shows a held draft’s old and new price side by side, and sends it only when the user takes the new one', async () => {
    const userId = 'u-held';
    const item = await enqueue({ id: 'd-held', userId, kind: 'payment', body: { ...body('d-held', 'Globex GmbH', '100.00'), quoteId: 'q-old' } });
    const price = (quoteId: string, receive: string, rate: string) => ({
      quoteId,
      sendAmount: { amount: '100.00', currency: 'EUR' },
      receiveAmount: { amount: receive, currency: 'USD' },
      exchangeRate: rate,
      charges: [{ feeType: 'OUR', amount: '2.00', currency: 'EUR' }],
    });
    await replaceIfUnchanged(item, {
      ...item,
      state: 'held',
      requote: { previous: price('q-old', '108.50', '1.085'), next: price('q-new', '108.31', '1.0831') },
    });
    render(<UnsentItems userId={userId} list="payments" />);
    await waitFor(() => expect(screen.getByTestId('requote-next').textContent).toContain('100.00 EUR → 108.31 USD'));
    expect(screen.getByTestId('requote-previous').textContent).toContain('100.00 EUR → 108.50 USD');
    expect(screen.getByTestId('unsent-payment-state').textContent).toBe('Waiting for you');
    fireEvent.click(screen.getByTestId('requote-confirm'));
    await waitFor(async () => expect((await listOutbox(userId))[0]).toMatchObject({ state: 'queued', body: { quoteId: 'q-new' }, requote: null }));
  });

  it('shows top-ups apart from payments: the reference and amount, a refusal with the field message, and a discard that asks first', async () => {
    const userId = 'u-top-ups';
    const topUp = (id: string, amount: string, referenceNumber?: string) => ({
      draftId: id,
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: 'w-usd',
      targetAmount: { amount, currency: 'USD' },
      ...(referenceNumber ? { referenceNumber } : {}),
    });
    await enqueue({ id: 'p-1', userId, kind: 'payment', body: body('p-1', 'Globex GmbH', '120.50') });
    await enqueue({ id: 't-1', userId, kind: 'topup', body: topUp('t-1', '250.00', 'INV-7') });
    const refused = await enqueue({ id: 't-2', userId, kind: 'topup', body: topUp('t-2', '10.005') });
    await replaceIfUnchanged(refused, {
      ...refused,
      state: 'rejected',
      lastError: {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Invalid request',
        invalidParameters: [{ parameter: 'targetAmount.amount', message: 'USD amounts have at most 2 decimals' }],
      },
      updatedAt: refused.updatedAt + 1,
    });
    render(
      <>
        <UnsentItems userId={userId} list="topUps" />
        <UnsentItems userId={userId} list="payments" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('unsent-top-up')).toHaveLength(2));
    // Each list reads the device on its own: the payments may show after the top-ups.
    await waitFor(() => expect(screen.getAllByTestId('unsent-payment').map((row) => row.dataset.id)).toEqual(['p-1']));
    expect(screen.getByTestId('unsent-top-ups').textContent).toContain('2 top-ups on this device');
    const [queued, rejected] = screen.getAllByTestId('unsent-top-up');
    expect(queued!.textContent).toContain('INV-7');
    expect(queued!.textContent).toContain('250.00 USD');
    expect(queued!.querySelector('[data-testid="unsent-top-up-state"]')?.textContent).toBe('Waiting to send');
    expect(rejected!.querySelector('[data-testid="unsent-top-up-state"]')?.textContent).toBe('Refused');
    expect(rejected!.querySelector('[data-testid="unsent-top-up-error"]')?.textContent).toContain('targetAmount.amount: USD amounts have at most 2 decimals');

    fireEvent.click(within(rejected!).getByTestId('unsent-top-up-discard'));
    expect(rejected!.textContent).toContain('Discard this top-up for good?');
    fireEvent.click(within(rejected!).getByTestId('unsent-top-up-discard-confirm'));
    await waitFor(async () => expect((await listOutbox(userId)).map((item) => item.id)).toEqual(['p-1', 't-1']));
    await waitFor(() => expect(screen.getAllByTestId('unsent-top-up')).toHaveLength(1));
  });
});

import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { enqueue, listOutbox, replaceIfUnchanged, type OutboxItem } from '../../lib/outbox/outbox-store.ts';
import { summarizeOutbox } from '../../lib/outbox/use-outbox.ts';
import { SyncHealthPanel, SyncHealthView } from './sync-health-panel.tsx';
import { SyncHealthBadgeView } from './sync-health-badge.tsx';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function item(id: string, state: OutboxItem['state'], at: number, extra: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    userId: 'u-1',
    kind: 'payment',
    body: { draftId: id },
    seq: 1,
    state,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    serverPayment: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

const refused = item('d-3', 'rejected', NOW - 60_000, {
  lastError: {
    status: 422,
    code: 'VALIDATION_FAILED',
    message: 'The payment is not valid',
    invalidParameters: [{ parameter: 'sendAmount', message: 'too many decimals' }],
  },
});

describe('sync health', () => {
  it('shows queue depth, the oldest unsent age, the last send, and failures with their reasons', () => {
    const summary = summarizeOutbox([
      item('d-1', 'sent', NOW - 120_000),
      item('d-2', 'queued', NOW - 3 * 3_600_000),
      refused,
      item('d-4', 'sending', NOW - 5_000),
    ]);
    render(<SyncHealthView summary={summary} now={NOW} onRetry={() => {}} onDiscard={() => {}} />);
    expect(screen.getByTestId('sync-queue-depth').textContent).toContain('3');
    expect(screen.getByTestId('sync-oldest').textContent).toContain('3 hours ago');
    expect(screen.getByTestId('sync-last-sent').textContent).toContain('2 minutes ago');
    const failure = screen.getByTestId('sync-failure');
    expect(failure.textContent).toContain('The payment is not valid');
    expect(failure.textContent).toContain('sendAmount: too many decimals');
  });

  it('labels each refused item as a payment or a top-up, and asks before discarding a top-up', () => {
    const topUp = item('t-1', 'rejected', NOW - 30_000, {
      kind: 'topup',
      lastError: {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Invalid request',
        invalidParameters: [{ parameter: 'targetWalletId', message: 'wallet is blocked' }],
      },
    });
    render(<SyncHealthView summary={summarizeOutbox([refused, topUp])} now={NOW} onRetry={() => {}} onDiscard={() => {}} />);
    const [payment, top] = screen.getAllByTestId('sync-failure');
    expect(within(payment!).getByTestId('sync-failure-kind').textContent).toBe('Payment');
    expect(within(top!).getByTestId('sync-failure-kind').textContent).toBe('Top-up');
    expect(top!.textContent).toContain('targetWalletId: wallet is blocked');
    fireEvent.click(within(top!).getByRole('button', { name: 'Discard' }));
    expect(top!.textContent).toContain('Discard this top-up for good?');
  });

  it('says whether the browser promised to keep the data on this device', () => {
    const summary = summarizeOutbox([]);
    const { unmount } = render(<SyncHealthView summary={summary} now={NOW} onRetry={() => {}} onDiscard={() => {}} persisted={false} />);
    expect(screen.getByTestId('sync-storage').textContent).toContain('install the portal');
    unmount();
    render(<SyncHealthView summary={summary} now={NOW} onRetry={() => {}} onDiscard={() => {}} persisted />);
    expect(screen.getByTestId('sync-storage').textContent).toBe('Kept by the browser');
  });

  it('says when the queue is paused for sign-in and when the server is not answering', () => {
    const paused = summarizeOutbox([item('d-1', 'queued', NOW)], { sender: true, state: 'paused', nextAttemptAt: null, lastError: null });
    const { unmount } = render(<SyncHealthView summary={paused} now={NOW} onRetry={() => {}} onDiscard={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('Sign in again');
    unmount();
    const waiting = summarizeOutbox([item('d-1', 'queued', NOW)], { sender: true, state: 'waiting', nextAttemptAt: NOW + 20_000, lastError: null });
    render(<SyncHealthView summary={waiting} now={NOW} onRetry={() => {}} onDiscard={() => {}} />);
    expect(screen.getByText(/next attempt in 20 seconds/)).toBeTruthy();
  });

  it('retries at once but discards only after the user confirms', async () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    render(<SyncHealthView summary={summarizeOutbox([refused])} now={NOW} onRetry={onRetry} onDiscard={onDiscard} />);
    const failure = within(screen.getByTestId('sync-failure'));
    fireEvent.click(failure.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('d-3');
    fireEvent.click(failure.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.click(failure.getByRole('button', { name: 'Keep' }));
    fireEvent.click(failure.getByRole('button', { name: 'Discard' }));
    fireEvent.click(failure.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledWith('d-3');
  });

  it('reads Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      render(<SyncHealthView summary={summarizeOutbox([refused])} now={NOW} onRetry={() => {}} onDiscard={() => {}} />);
      expect(screen.getByText('حالة المزامنة')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('the badge shows the unsent count and turns red when something was refused; nothing when all is sent', () => {
    const { rerender } = render(<SyncHealthBadgeView unsent={0} failed={0} />);
    expect(screen.queryByTestId('sync-badge')).toBeNull();
    rerender(<SyncHealthBadgeView unsent={4} failed={1} />);
    expect(screen.getByTestId('sync-badge').textContent).toContain('Unsent: 4');
    expect(screen.getByTestId('sync-badge').getAttribute('data-failed')).toBe('true');
  });

  it('the live panel follows the outbox: a refused draft discarded by the user leaves it', { timeout: 15_000 }, async () => {
    const userId = 'u-panel';
    const id = crypto.randomUUID();
    await enqueue({ id, userId, kind: 'draft', body: { draftId: id } });
    const [stored] = await listOutbox(userId);
    await replaceIfUnchanged(stored!, { ...stored!, state: 'rejected', updatedAt: stored!.updatedAt + 1, lastError: refused.lastError });
    render(<SyncHealthPanel userId={userId} />);
    const failure = within(await screen.findByTestId('sync-failure'));
    fireEvent.click(failure.getByRole('button', { name: 'Discard' }));
    fireEvent.click(failure.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('sync-queue-depth').textContent).toContain('0'));
    expect(await listOutbox(userId)).toEqual([]);
  });
});

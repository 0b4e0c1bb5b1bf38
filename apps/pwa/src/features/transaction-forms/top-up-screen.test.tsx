import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { answers, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { TopUpScreen } from './top-up-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));
const network = vi.hoisted(() => ({ online: true }));
vi.mock('@/lib/online-status.ts', () => ({ useOnlineStatus: () => network.online }));
vi.mock('@/lib/session-context.tsx', () => ({ useCurrentUser: () => ({ id: 'u-merchant' }) }));
const outbox = vi.hoisted(() => ({ enqueue: vi.fn() }));
vi.mock('@/lib/outbox/outbox-store.ts', () => ({ enqueue: outbox.enqueue }));
vi.mock('@/components/wallets/use-currency-dp.ts', () => ({ useViewerCurrencyDp: () => (code: string) => (code === 'JPY' ? 0 : 2) }));
vi.mock('@/components/page-header.tsx', () => ({ PageHeader: ({ title }: { title: string }) => <h1>{title}</h1> }));
vi.mock('./use-form-data.ts', () => ({
  walletChoice: (w: { id: string; alias: string; currency: { code: string } }) => ({ value: w.id, label: `${w.alias} (${w.currency.code})` }),
  useOwnWallets: () => ({
    data: {
      content: [
        { id: 'w-usd', alias: 'Operating', currency: { code: 'USD' }, status: 'ACTIVE' },
        { id: 'w-jpy', alias: 'Tokyo', currency: { code: 'JPY' }, status: 'ACTIVE' },
        { id: 'w-old', alias: 'Closed', currency: { code: 'EUR' }, status: 'BLOCKED' },
      ],
    },
  }),
  useCollectionModes: () => ({ data: { content: [{ code: 'BANK_TRANSFER', name: 'Bank transfer' }] } }),
}));

const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

function renderScreen(onQueued = vi.fn()) {
  const onCreated = vi.fn();
  render(<TopUpScreen listPath="/merchant/transactions/top-ups" onCreated={onCreated} onQueued={onQueued} onCancel={() => {}} />);
  return onCreated;
}

beforeEach(() => {
  resetScriptedApi();
  network.online = true;
  outbox.enqueue.mockReset();
  outbox.enqueue.mockResolvedValue({});
});

describe('new top-up', () => {
  it('offers only active wallets and names every missing field, sending nothing', async () => {
    renderScreen();
    const options = [...screen.getByTestId('top-up-wallet').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['', 'w-usd', 'w-jpy']);
    fireEvent.click(screen.getByTestId('top-up-submit'));
    expect((await screen.findByTestId('top-up-wallet-error')).textContent).toBe('Required');
    expect(screen.getByTestId('top-up-amount-error').textContent).toBe('Required');
    expect(screen.getByTestId('top-up-collection-mode-error').textContent).toBe('Required');
    expect(sent).toHaveLength(0);
  });

  it("refuses more decimals than the wallet's currency has", async () => {
    renderScreen();
    type('top-up-wallet', 'w-jpy');
    type('top-up-amount', '100.5');
    type('top-up-collection-mode', 'BANK_TRANSFER');
    fireEvent.click(screen.getByTestId('top-up-submit'));
    expect((await screen.findByTestId('top-up-amount-error')).textContent).toBe('At most 0 decimals');
    expect(sent).toHaveLength(0);
  });

  it('sends a TOPUP in the wallet currency with an idempotency key', async () => {
    const created = { transactionId: 'TXN-1', status: 'PENDING' };
    answers.push(() => Promise.resolve(created));
    const onCreated = renderScreen();
    type('top-up-wallet', 'w-usd');
    type('top-up-amount', ' 250.75 ');
    type('top-up-collection-mode', 'BANK_TRANSFER');
    type('top-up-remarks', ' March float ');
    fireEvent.click(screen.getByTestId('top-up-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(sent[0]?.body).toEqual({
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      collectionMode: 'BANK_TRANSFER',
      targetWalletId: 'w-usd',
      targetAmount: { amount: '250.75', currency: 'USD' },
      remarks: 'March float',
    });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Online it goes straight to the server: nothing waits on the device.
    expect(outbox.enqueue).not.toHaveBeenCalled();
    expect(screen.getByTestId('top-up-submit').textContent).toBe('Request top-up');
  });

  it('offline, queues the checked top-up on the device under its own id, sends nothing and goes to the list', async () => {
    network.online = false;
    const onQueued = vi.fn();
    const onCreated = renderScreen(onQueued);
    expect(screen.queryByTestId('form-needs-network')).toBeNull();
    const submitButton = screen.getByTestId('top-up-submit');
    expect(submitButton.textContent).toBe('Queue top-up');
    expect((submitButton as HTMLButtonElement).disabled).toBe(false);

    // Checked as online: a bad amount is refused on the device and nothing is queued.
    type('top-up-wallet', 'w-jpy');
    type('top-up-amount', '100.5');
    type('top-up-collection-mode', 'BANK_TRANSFER');
    fireEvent.click(submitButton);
    expect((await screen.findByTestId('top-up-amount-error')).textContent).toBe('At most 0 decimals');
    expect(outbox.enqueue).not.toHaveBeenCalled();

    type('top-up-amount', '1500');
    type('top-up-reference', 'INV-42');
    fireEvent.click(submitButton);
    await waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
    const [queued] = outbox.enqueue.mock.calls[0] as [{ id: string; userId: string; kind: string; body: Record<string, unknown> }];
    expect(queued.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(queued).toMatchObject({
      userId: 'u-merchant',
      kind: 'topup',
      body: {
        draftId: queued.id,
        category: 'TOPUP',
        type: 'BANK_TRANSFER',
        collectionMode: 'BANK_TRANSFER',
        targetWalletId: 'w-jpy',
        targetAmount: { amount: '1500', currency: 'JPY' },
        referenceNumber: 'INV-42',
      },
    });
    expect(sent).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('offline, stays on the form and says so when the device cannot keep the top-up', async () => {
    network.online = false;
    outbox.enqueue.mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const onQueued = vi.fn();
    renderScreen(onQueued);
    type('top-up-wallet', 'w-usd');
    type('top-up-amount', '10');
    type('top-up-collection-mode', 'BANK_TRANSFER');
    fireEvent.click(screen.getByTestId('top-up-submit'));
    await waitFor(() => expect(outbox.enqueue).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((screen.getByTestId('top-up-submit') as HTMLButtonElement).disabled).toBe(false));
    expect(onQueued).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of the amount on the amount field", async () => {
    answers.push(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid request',
          invalidParameters: [{ parameter: 'targetAmount.amount', message: 'USD amounts have at most 2 decimals' }],
        }),
      ),
    );
    const onCreated = renderScreen();
    type('top-up-wallet', 'w-usd');
    type('top-up-amount', '10');
    type('top-up-collection-mode', 'BANK_TRANSFER');
    fireEvent.click(screen.getByTestId('top-up-submit'));
    expect((await screen.findByTestId('top-up-amount-error')).textContent).toBe('USD amounts have at most 2 decimals');
    expect(onCreated).not.toHaveBeenCalled();
  });
});

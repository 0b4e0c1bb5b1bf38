import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { answers, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { RequestCreditDialog } from './request-credit-dialog.tsx';
import type { CreditCurrency, CreditRequest, CreditWallet } from './credit-request-types.ts';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const wallet = { id: 'w-1', alias: 'Globex AED payments', currency: { code: 'AED', countryCode: 'AE' } } as CreditWallet;
const currencies = [{ code: 'AED', dp: 2 }] as unknown as CreditCurrency[];
const created = { id: 'cr-1', transactionId: 'CR-1', status: 'REQUESTED' } as CreditRequest;

function renderDialog(onCreated = vi.fn()) {
  render(<RequestCreditDialog open onOpenChange={() => {}} wallets={[wallet]} currencies={currencies} fixedWalletId="w-1" onCreated={onCreated} />);
  return onCreated;
}

beforeEach(resetScriptedApi);

describe('request credit dialog', () => {
  it('sends the same request again with the same idempotency key after an answer was lost, a changed one with a new key', async () => {
    answers.push(
      () => Promise.reject(new ApiError({ status: 0, code: 'TIMEOUT', message: 'No answer within 30000 ms' })),
      () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' })),
      () => Promise.resolve(created),
    );
    const onCreated = renderDialog();
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '2500' } });
    const submit = screen.getByTestId('credit-request-submit');

    fireEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '3000' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(sent[2]?.idempotencyKey).not.toBe(sent[1]?.idempotencyKey);
    expect(sent[2]?.body).toMatchObject({ walletId: 'w-1', amount: '3000', currency: 'AED' });
  });

  it('shows every problem on its field before sending, in the currency decimals, and re-checks as the user types', async () => {
    renderDialog();
    fireEvent.change(screen.getByTestId('credit-request-valid-to'), { target: { value: '2020-01-01' } });
    const count = sent.length;
    fireEvent.click(screen.getByTestId('credit-request-submit'));
    expect((await screen.findByTestId('credit-amount-error')).textContent).toBe('Enter the amount');
    expect(screen.getByTestId('credit-valid-to-error').textContent).toBe('The end date cannot be before the start date');
    expect(screen.getByTestId('credit-request-amount').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '12.345' } });
    await waitFor(() => expect(screen.getByTestId('credit-amount-error').textContent).toBe('At most 2 decimals for this currency'));
    // Letters cannot be typed into the amount.
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '12a' } });
    expect((screen.getByTestId('credit-request-amount') as HTMLInputElement).value).toBe('12.345');
    expect(sent).toHaveLength(count);
  });

  it("puts the server's refusal on the field it names and drops it once the field changes", async () => {
    answers.push(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'INVALID_PARAMETER',
          message: 'Invalid',
          invalidParameters: [{ parameter: 'amount', message: 'amount exceeds the wallet limit' }],
        }),
      ),
    );
    renderDialog();
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '999999' } });
    fireEvent.click(screen.getByTestId('credit-request-submit'));
    expect((await screen.findByTestId('credit-amount-error')).textContent).toBe('amount exceeds the wallet limit');
    fireEvent.change(screen.getByTestId('credit-request-amount'), { target: { value: '9999' } });
    await waitFor(() => expect(screen.queryByTestId('credit-amount-error')).toBeNull());
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WalletRow } from './sp-wallet-types.ts';
import { WalletStatusDialog, type WalletStatusDialogProps } from './wallet-status-dialog.tsx';
import { statusReasonError, walletStatusFormSchema } from './wallet-status-reason.ts';

const money = (amount: string) => ({ amount, currency: 'AED' });
const WALLET = {
  id: 'w-7',
  alias: 'Globex AED payments',
  walletAccountNumber: null,
  type: 'PAYMENT',
  types: ['PAYMENT'],
  status: 'ACTIVE',
  currency: { code: 'AED', countryCode: 'AE' },
  country: { code: 'AE', name: 'United Arab Emirates' },
  bank: null,
  bankAccount: null,
  serviceProvider: { id: 'tsp-1', name: 'Atlas' },
  merchantService: { id: 'm-1', name: 'Globex Trading' },
  merchantServiceId: 'm-1',
  serviceProviderId: 'tsp-1',
  spWalletId: null,
  accountCategoryId: null,
  coveringModel: null,
  pricingModel: null,
  isDippingAllowed: false,
  dippedWalletId: null,
  linkedWalletTspId: null,
  vpa: null,
  statusChangedBy: null,
  statusChangedAt: null,
  statusReason: null,
  position: {
    walletId: 'w-7',
    currency: 'AED',
    balance: money('70390.01'),
    reserve: money('0'),
    merchantReserve: money('0'),
    openPosition: money('0'),
    pendingAuthorization: money('0'),
    costRate: { amount: '0.27', currency: 'USD' },
    creditPosition: {
      creditPayable: money('0'),
      creditReserve: money('0'),
      merchantCreditReserveAmount: money('0'),
      openCredit: money('0'),
      creditLimit: money('0'),
    },
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
} as WalletRow;

function renderDialog(overrides: Partial<WalletStatusDialogProps> = {}) {
  const props: WalletStatusDialogProps = { wallet: WALLET, dp: 2, busy: false, onCancel: vi.fn(), onConfirm: vi.fn(), ...overrides };
  render(<WalletStatusDialog {...props} />);
  return props;
}

describe('wallet status dialog', () => {
  it('names the wallet and its balance before a block', () => {
    renderDialog();
    expect(screen.getByText('Block this wallet?')).toBeTruthy();
    expect(screen.getByTestId('wallet-status-alias').textContent).toBe('Globex AED payments');
    expect(screen.getByText('Globex Trading')).toBeTruthy();
    expect(screen.getByTestId('wallet-status-balance').textContent).toBe('70,390.01 AED');
  });

  it('asks for a reason and sends nothing without one', async () => {
    const props = renderDialog();
    fireEvent.click(screen.getByTestId('wallet-status-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the reason for this change.');
    fireEvent.change(screen.getByTestId('wallet-status-reason'), { target: { value: ' ab ' } });
    fireEvent.click(screen.getByTestId('wallet-status-confirm'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The reason needs at least 3 characters.'));
    expect(screen.getByTestId('wallet-status-reason').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('wallet-status-reason').getAttribute('aria-describedby')).toBe('wallet-status-reason-error');
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('blocks with the trimmed reason once given', async () => {
    const props = renderDialog();
    fireEvent.change(screen.getByTestId('wallet-status-reason'), { target: { value: '  Chargeback investigation ' } });
    fireEvent.click(screen.getByTestId('wallet-status-confirm'));
    await waitFor(() => expect(props.onConfirm).toHaveBeenCalledTimes(1));
    expect(props.onConfirm).toHaveBeenCalledWith(WALLET, 'INACTIVE', 'Chargeback investigation');
  });

  it('activates an inactive wallet and shows why it was blocked', async () => {
    const blocked = { ...WALLET, status: 'INACTIVE', statusReason: 'Chargeback investigation', statusChangedAt: '2026-11-20T10:00:00.000Z' } as WalletRow;
    const props = renderDialog({ wallet: blocked });
    expect(screen.getByText('Activate this wallet?')).toBeTruthy();
    expect(screen.getByTestId('wallet-status-last').textContent).toContain('Chargeback investigation');
    fireEvent.change(screen.getByTestId('wallet-status-reason'), { target: { value: 'Investigation closed' } });
    fireEvent.click(screen.getByTestId('wallet-status-confirm'));
    await waitFor(() => expect(props.onConfirm).toHaveBeenCalledTimes(1));
    expect(props.onConfirm).toHaveBeenCalledWith(blocked, 'ACTIVE', 'Investigation closed');
  });

  it('Cancel and Escape leave the wallet as it was', () => {
    const props = renderDialog();
    fireEvent.change(screen.getByTestId('wallet-status-reason'), { target: { value: 'Chargeback investigation' } });
    fireEvent.click(screen.getByTestId('wallet-status-cancel'));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByTestId('wallet-status-reason'), { key: 'Escape' });
    expect(props.onCancel).toHaveBeenCalledTimes(2);
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('stays closed without a wallet', () => {
    renderDialog({ wallet: null });
    expect(screen.queryByTestId('wallet-status-dialog')).toBeNull();
  });
});

describe('status reason', () => {
  it('is 3..500 characters once trimmed, as the server checks it', () => {
    expect(statusReasonError('   ')).toBe('required');
    expect(statusReasonError(' ab ')).toBe('tooShort');
    expect(statusReasonError('abc')).toBeNull();
    expect(statusReasonError('x'.repeat(500))).toBeNull();
    expect(statusReasonError('x'.repeat(501))).toBe('tooLong');
  });

  it("the form's schema gives the portal's message first and submits the trimmed reason", () => {
    const short = walletStatusFormSchema.safeParse({ reason: ' ab ' });
    expect(short.success ? null : short.error.issues.map((i) => i.message)).toEqual(['spWallet.approval.reasonErrors.tooShort']);
    expect(walletStatusFormSchema.parse({ reason: '  Chargeback investigation ' })).toEqual({ reason: 'Chargeback investigation' });
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditRequestColumns, type CreditRequestRow } from './credit-request-columns.tsx';

const ROW: CreditRequestRow = {
  id: 'cr-1',
  merchantId: 'm-3',
  walletId: 'w-9',
  transactionId: 'CR-000017',
  tspId: 'tsp-1',
  tspWalletId: null,
  currency: 'KWD',
  amount: '1500.125',
  approvedAmount: null,
  validFrom: '2026-11-22',
  validTo: '2027-02-20',
  allocationMode: 'WALLET',
  status: 'REQUESTED',
  remarks: null,
  linked: false,
  createdAt: '2026-11-20T09:30:00.000Z',
};
const base = { dpOf: () => 3, walletName: (id: string) => (id === 'w-9' ? 'Umbrella KWD payments' : id) };

describe('credit request columns (one definition for the merchant and the TSP lists)', () => {
  it('gives each screen the set it picks, in its order, with its own headers', () => {
    const merchant = creditRequestColumns(['reference', 'wallet', 'amount', 'status'], { ...base, headers: 'merchantCredit.columns' });
    expect(merchant.map((c) => [c.id, c.header])).toEqual([
      ['reference', 'merchantCredit.columns.reference'],
      ['wallet', 'merchantCredit.columns.wallet'],
      ['amount', 'merchantCredit.columns.amount'],
      ['status', 'merchantCredit.columns.status'],
    ]);
    const tsp = creditRequestColumns(['walletAndReference', 'amount'], { ...base, headers: 'spCredit.columns' });
    expect(tsp.map((c) => c.header)).toEqual(['spCredit.columns.wallet', 'spCredit.columns.amount']);
  });

  it('offers the status and currency filters only when the screen gives their options', () => {
    const plain = creditRequestColumns(['amount', 'status'], { ...base, headers: 'merchantCredit.columns' });
    expect(plain.map((c) => c.filterKey)).toEqual([undefined, undefined]);
    const filtered = creditRequestColumns(['amount', 'status'], {
      ...base,
      headers: 'spCredit.columns',
      currencyOptions: [{ value: 'KWD', name: 'KWD' }],
      statusOptions: [{ value: 'REQUESTED', name: 'Requested' }],
    });
    expect(filtered.map((c) => [c.filterKey, c.filterOptions?.length])).toEqual([
      ['currencyCodes', 1],
      ['statuses', 1],
    ]);
  });

  it('shows validity as calendar dates with the allocation mode, and the wallet with the reference under it', () => {
    const [validity, wallet] = creditRequestColumns(['validity', 'walletAndReference'], { ...base, headers: 'spCredit.columns' });
    expect(validity?.lines?.(ROW)).toEqual(['22/11/2026 – 20/02/2027', 'WALLET']);
    const { container } = render(<>{wallet?.cell?.(ROW)}</>);
    const hook = container.querySelector('[data-testid="credit-request-row"]');
    expect(hook?.getAttribute('data-request-id')).toBe('cr-1');
    expect(hook?.textContent).toBe('Umbrella KWD paymentsCR-000017');
  });
});

import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authColumns, type AuthColumnsOptions } from './auth-columns.tsx';

const t = ((key: string) => key) as unknown as TFunction;
const options = (kind: AuthColumnsOptions['kind']): AuthColumnsOptions => ({
  kind,
  tspId: null,
  walletName: () => 'wallet',
  dpOf: () => 2,
  currencies: ['USD'],
  refusalOf: () => undefined,
  decisionOf: () => undefined,
  userId: null,
  busy: false,
  onDecide: () => {},
});

describe('authorization list columns', () => {
  it('show the amounts right after the transaction, before the wallets, and the decision last', () => {
    expect(authColumns(t, options('transfers')).map((c) => c.id)).toEqual([
      'transactionId',
      'sourceAmount',
      'targetAmount',
      'sourceWallet',
      'targetWallet',
      'status',
      'sourceApproval',
      'targetApproval',
      'side',
      'createdAt',
      'actions',
    ]);
    expect(authColumns(t, options('top-ups')).map((c) => c.id)).toEqual([
      'transactionId',
      'targetAmount',
      'targetWallet',
      'status',
      'sourceApproval',
      'side',
      'createdAt',
      'actions',
    ]);
  });
});

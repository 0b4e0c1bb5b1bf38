import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { TopUpDetails, type TopUpDetailsView } from './top-up-details.tsx';

const TOP_UP: TopUpDetailsView = {
  merchantName: 'Globex Trading',
  transactionId: 'TOP-2026-000042',
  transferRefNumber: 'FT2611200042',
  collectionMode: 'BANK_TRANSFER',
  bank: { name: 'Atlas Bank' },
  currency: 'KWD',
  amount: '1500.125',
  account: { accountHolderName: 'Globex Trading W.L.L.' },
  dateOfRequest: '2026-11-20T08:30:00Z',
  sourceOfIncome: 'Sales',
  purposeOfTransaction: 'Supplier payments',
  createdBy: 'Grace Hopper',
  authorizedBy: 'Rana Checker',
  authirizedAt: '2026-11-20T10:15:00Z',
  remarks: null,
  country: 'KW',
  walletBalance: '20500.5',
};

const fieldText = (section: HTMLElement, field: string) => section.querySelector(`[data-field="${field}"]`)?.textContent;

describe('top-up details page (spec 1 sections 2 and 3)', () => {
  it('shows the general section fields, in the currency decimals, dash for what is missing', async () => {
    await renderInRouter(() => <TopUpDetails topUp={TOP_UP} dpOf={() => 3} timeZone="UTC" balanceHref="/wallets/w-1" />);
    const general = await screen.findByRole('region', { name: 'General' });
    expect(fieldText(general, 'merchantName')).toBe('Globex Trading');
    expect(fieldText(general, 'transactionId')).toBe('TOP-2026-000042');
    expect(fieldText(general, 'transferRefNumber')).toBe('FT2611200042');
    expect(fieldText(general, 'collectionMode')).toBe('Bank transfer');
    expect(fieldText(general, 'bank.name')).toBe('Atlas Bank');
    expect(fieldText(general, 'amount')).toBe('1,500.125 KWD');
    expect(fieldText(general, 'account.accountHolderName')).toBe('Globex Trading W.L.L.');
    expect(fieldText(general, 'dateOfRequest')).toBe('20/11/2026');
    expect(fieldText(general, 'sourceOfIncome')).toBe('Sales');
    expect(fieldText(general, 'purposeOfTransaction')).toBe('Supplier payments');
    expect(fieldText(general, 'createdBy')).toBe('Grace Hopper');
    expect(fieldText(general, 'authorizedBy')).toBe('Rana Checker');
    expect(fieldText(general, 'authirizedAt')).toBe('20/11/2026 10:15:00');
    expect(fieldText(general, 'remarks')).toBe('-');
  });

  it('shows the wallet section with the balance and a View balance link to the wallet', async () => {
    await renderInRouter(() => (
      <TopUpDetails topUp={TOP_UP} dpOf={() => 3} timeZone="UTC" balanceHref="/wallets/w-1" countryName={(c) => (c === 'KW' ? 'Kuwait' : c)} />
    ));
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    expect(fieldText(wallet, 'country')).toBe('Kuwait');
    expect(fieldText(wallet, 'walletCurrency')).toBe('KWD');
    expect(fieldText(wallet, 'walletBalance')).toBe('20,500.500 KWD');
    expect(within(wallet).getByRole('link', { name: 'View balance' }).getAttribute('href')).toBe('/wallets/w-1');
  });

  it('reads a corrected authorizedAt too, and leaves the link out without a wallet page', async () => {
    await renderInRouter(() => (
      <TopUpDetails topUp={{ ...TOP_UP, authirizedAt: undefined, authorizedAt: '2026-11-21T00:00:00Z', walletBalance: null }} timeZone="UTC" />
    ));
    const general = await screen.findByRole('region', { name: 'General' });
    expect(fieldText(general, 'authirizedAt')).toBe('21/11/2026 00:00:00');
    expect(fieldText(screen.getByRole('region', { name: 'Wallet' }), 'walletBalance')).toBe('-');
    expect(screen.queryByTestId('top-up-view-balance')).toBeNull();
  });
});

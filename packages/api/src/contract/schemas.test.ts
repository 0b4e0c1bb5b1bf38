import { describe, expect, it } from 'vitest';
import { contract } from '../contract.ts';

function badFields(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return [...new Set(result.error?.issues.map((i) => i.path.join('.')) ?? [])].sort();
}

describe('query schemas', () => {
  const query = contract['merchantPayments.list'].query;

  it('read lists from repeated keys and from commas, with paging defaults', () => {
    const parsed = query.parse({ merchantIds: ['m1', 'm2,m3'], targetBankCodes: 'B1,B2' });
    expect(parsed.merchantIds).toEqual(['m1', 'm2', 'm3']);
    expect(parsed.targetBankCodes).toEqual(['B1', 'B2']);
    expect(parsed).toMatchObject({ page: 0, size: 10 });
    expect(query.parse({ merchantIds: '' }).merchantIds).toBeUndefined();
  });

  it('read booleans and refuse other words', () => {
    const wallets = contract['merchantWallets.list'].query;
    expect(wallets.parse({ inclPosition: 'true', isDippingAllowed: 'false' })).toMatchObject({
      inclPosition: true,
      isDippingAllowed: false,
    });
    expect(badFields(wallets.safeParse({ inclPosition: 'yes' }))).toEqual(['inclPosition']);
  });

  it('refuse bad paging and sort tokens by name', () => {
    expect(badFields(query.safeParse({ page: '-1', size: 'ten', sort: 'name;DROP' }))).toEqual(['page', 'size', 'sort.0']);
    expect(query.parse({ sort: ['name,ASC,ignorecase', 'createdAt,DESC'] }).sort).toEqual(['name,ASC,ignorecase', 'createdAt,DESC']);
  });
});

describe('body schemas', () => {
  it('take money as decimal strings, never as binary floats', () => {
    const body = contract['credit.merchantCreateRequest'].body;
    const valid = { walletId: 'w1', amount: '1000.50', currency: 'EUR', validFrom: '2026-01-01', validTo: '2026-12-31' };
    expect(body.safeParse(valid).success).toBe(true);
    expect(badFields(body.safeParse({ ...valid, amount: 1000.5 }))).toEqual(['amount']);
    expect(badFields(body.safeParse({ ...valid, amount: '1e3' }))).toEqual(['amount']);
  });

  it('name every bad field of a payment', () => {
    const body = contract['merchantPayments.create'].body;
    const result = body.safeParse({ walletId: '', receiver: { name: '' }, draftId: 'not-a-uuid', sendAmount: 'x' });
    expect(badFields(result)).toEqual(['draftId', 'receiver.countryCode', 'receiver.name', 'sendAmount', 'walletId']);
  });

  it('need one of the two amounts of a payment or a quote', () => {
    const payment = contract['merchantPayments.create'].body;
    expect(badFields(payment.safeParse({ walletId: 'w', receiver: { name: 'R', countryCode: 'DE' } }))).toEqual(['sendAmount']);
    const quote = contract['quotes.merchantCreate'].body;
    expect(quote.safeParse({ transactionCategory: 'TRANSFER', sourceWalletId: 'w1', receiveAmount: { amount: '10', currency: 'USD' } }).success).toBe(true);
  });

  it('check markup, fee and config bodies field by field', () => {
    const layer2 = contract['markups.upsertLayer2'].body;
    expect(
      badFields(
        layer2.safeParse({
          transactionCategory: 'TRANSFER',
          sourceCurrency: 'EURO',
          targetCurrency: 'USD',
          dealType: 'NEXT',
          rateProviderId: 'p',
          currencyDealConfigId: 'c',
          currencyConfigId: 'cc',
          markupType: 'PIP',
          askMarkup: '1',
          bidMarkup: '1',
        }),
      ),
    ).toEqual(['dealType', 'markupProfileId', 'sourceCurrency']);
    const fee = contract['pricing.createFee'].body;
    expect(badFields(fee.safeParse({ chargeMode: 'OUR', effectiveFrom: '2026-13-01', slabs: [] }))).toEqual(['effectiveFrom', 'slabs']);
    const globals = contract['globals.upsert'].body;
    expect(globals.safeParse({ category: 'QUOTE', key: 'EXPIRY_CASH_SECONDS', value: '60' }).success).toBe(true);
  });

  it('check users and password bodies', () => {
    expect(badFields(contract['users.spPasswordChange'].body.safeParse({ newPassword: '', userId: 'u' }))).toEqual(['newPassword', 'oldPassword']);
    expect(badFields(contract['users.internalCreate'].body.safeParse({ digit9Id: '123456789', name: 'N', password: 'Corridor2026' }))).toEqual(['role']);
  });
});

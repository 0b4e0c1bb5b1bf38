import { describe, expect, it } from 'vitest';
import { MASS_COLUMNS, MASS_TEMPLATE_ROWS, massTemplateCsv } from '@corridor/domain';
import { rowsFromCells, type FileRow, type MassRow } from './mass-columns.ts';
import { csvCells } from './mass-file.ts';
import { validateMassRows, type MassContext } from './mass-validate.ts';

const position = (balance: string) => ({ balance, reserve: '0', merchantReserve: '0', openPosition: '0', pendingAuthorization: '0' });
const ctx: MassContext = {
  wallets: [
    {
      id: 'w-eur',
      walletAccountNumber: 'ACC-EUR',
      alias: 'EUR payments',
      currency: 'EUR',
      active: true,
      payment: true,
      position: position('1000'),
      creditLimit: '0',
    },
    {
      id: 'w-jpy',
      walletAccountNumber: null,
      alias: 'JPY payments',
      currency: 'JPY',
      active: true,
      payment: true,
      position: position('100000'),
      creditLimit: '0',
    },
    { id: 'w-eur-settle', walletAccountNumber: null, alias: 'EUR settlement', currency: 'EUR', active: true, payment: false, position: null, creditLimit: '0' },
    { id: 'w-old', walletAccountNumber: null, alias: 'USD old', currency: 'USD', active: false, payment: true, position: null, creditLimit: '0' },
  ],
  currencies: new Map([
    ['EUR', 2],
    ['JPY', 0],
    ['USD', 2],
  ]),
  beneficiaries: new Map([
    ['b-1', { id: 'b-1', name: 'Acme GmbH', countryCode: 'DE', currencyCode: 'EUR', iban: 'DE89370400440532013000', accountNumber: null, bankCode: null }],
  ]),
};
const rows = (...list: MassRow[]): FileRow[] => list.map((row, i) => ({ line: i + 2, row }));
const codes = (check: ReturnType<typeof validateMassRows>, i: number) => check.rows[i]?.errors.map((e) => `${e.column}:${e.code}`);
const payee = { receiverName: 'Jane', receiverCountry: 'DE', iban: 'DE89 3704 0044 0532 0130 00' };

describe('validateMassRows', () => {
  it('accepts a saved beneficiary and a receiver with a valid IBAN, picking the wallet by currency', () => {
    const check = validateMassRows(rows({ currency: 'EUR', beneficiaryId: 'b-1', amount: '10.50' }, { wallet: 'ACC-EUR', amount: '5', ...payee }), ctx);
    expect(check.validCount).toBe(2);
    expect(check.rows[0]?.valid).toMatchObject({ walletId: 'w-eur', amount: '10.5', receiver: { name: 'Acme GmbH', iban: 'DE89370400440532013000' } });
    expect(check.rows[1]?.valid?.receiver.iban).toBe('DE89370400440532013000');
    expect(check.totals).toEqual([{ walletId: 'w-eur', currency: 'EUR', total: '15.5', available: '1000', count: 2 }]);
  });

  it('finds a wallet by alias, and never picks a settlement wallet for a row naming only a currency', () => {
    const check = validateMassRows(rows({ wallet: 'EUR settlement', amount: '1', ...payee }, { currency: 'EUR', amount: '2', ...payee }), ctx);
    expect(check.rows.map((r) => r.valid?.walletId)).toEqual(['w-eur-settle', 'w-eur']);
  });

  it('names every missing or wrong field of a row', () => {
    const check = validateMassRows(rows({ amount: '' }, { currency: 'XXX', amount: '-1', receiverCountry: 'Germany' }), ctx);
    expect(codes(check, 0)).toEqual(['wallet:walletOrCurrency', 'amount:required', 'receiverName:required', 'receiverCountry:required', 'iban:ibanOrAccount']);
    expect(codes(check, 1)).toEqual([
      'currency:noWalletInCurrency',
      'currency:unknownCurrency',
      'amount:notAmount',
      'receiverName:required',
      'receiverCountry:notCountry',
      'iban:ibanOrAccount',
    ]);
    expect(check.validCount).toBe(0);
  });

  it('checks decimals by currency, amounts above zero, IBAN check digits and blocked wallets', () => {
    const check = validateMassRows(
      rows(
        { currency: 'JPY', amount: '100.5', ...payee },
        { currency: 'EUR', amount: '0', ...payee },
        { currency: 'EUR', amount: '1', ...payee, iban: 'DE88370400440532013000' },
        { wallet: 'w-old', amount: '1', ...payee },
        { currency: 'EUR', amount: '1', receiverName: 'X', receiverCountry: 'DE', accountNumber: '123' },
        { wallet: 'w-eur', currency: 'JPY', amount: '1', ...payee },
      ),
      ctx,
    );
    expect(codes(check, 0)).toEqual(['amount:tooManyDecimals']);
    expect(check.rows[0]?.errors[0]?.values).toEqual({ currency: 'JPY', dp: '0' });
    expect(codes(check, 1)).toEqual(['amount:notPositive']);
    expect(codes(check, 2)).toEqual(['iban:badIban']);
    expect(codes(check, 3)).toEqual(['wallet:walletBlocked']);
    expect(codes(check, 4)).toEqual(['iban:ibanRequired']);
    expect(codes(check, 5)).toEqual(['currency:notWalletCurrency']);
  });

  it('reads amounts under the one file rule: a dot for decimals, no grouping, nothing cleaned up or rounded', () => {
    const amounts = ['12,50', '1,250.00', '1 250', '12.345', '12.5', '1e3', '+12', '١٢'];
    const check = validateMassRows(rows(...amounts.map((amount) => ({ currency: 'EUR', amount, ...payee, reference: amount }))), ctx);
    expect(amounts.map((_, i) => codes(check, i))).toEqual([
      ['amount:notAmount'],
      ['amount:notAmount'],
      ['amount:notAmount'],
      ['amount:tooManyDecimals'],
      [],
      ['amount:notAmount'],
      ['amount:notAmount'],
      ['amount:notAmount'],
    ]);
    expect(check.rows[4]?.valid?.amount).toBe('12.5');
    expect(check.validCount).toBe(1);
  });

  it('refuses a USD amount with 3 decimals and a JPY amount with any, never rounding', () => {
    const usd = { ...ctx, wallets: [...ctx.wallets, { ...ctx.wallets[0]!, id: 'w-usd', walletAccountNumber: null, alias: 'USD payments', currency: 'USD' }] };
    const check = validateMassRows(
      rows(
        { currency: 'USD', amount: '12.345', ...payee },
        { currency: 'USD', amount: '12.5', ...payee },
        { currency: 'JPY', amount: '12.5', ...payee },
        { currency: 'JPY', amount: '12', ...payee },
      ),
      usd,
    );
    expect(codes(check, 0)).toEqual(['amount:tooManyDecimals']);
    expect(check.rows[0]?.errors[0]?.values).toEqual({ currency: 'USD', dp: '2' });
    expect(check.rows[1]?.valid).toMatchObject({ walletId: 'w-usd', amount: '12.5' });
    expect(codes(check, 2)).toEqual(['amount:tooManyDecimals']);
    expect(check.rows[3]?.valid).toMatchObject({ walletId: 'w-jpy', amount: '12' });
  });

  it('keeps a quoted "12,50" in its one cell, and refuses it as an amount', async () => {
    const header = MASS_COLUMNS.join(',');
    const cells = await csvCells(`\uFEFF${header}\r\n,EUR,b-1,,,,,,"12,50",SALARY,"Pay, November",R1\r\n,EUR,b-1,,,,,,12.50,SALARY,,R2\r\n`);
    const parsed = rowsFromCells(cells);
    expect(parsed[0]).toEqual({
      line: 2,
      row: { currency: 'EUR', beneficiaryId: 'b-1', amount: '12,50', purpose: 'SALARY', message: 'Pay, November', reference: 'R1' },
    });
    const check = validateMassRows(parsed, ctx);
    expect(codes(check, 0)).toEqual(['amount:notAmount']);
    expect(check.rows[1]?.valid?.amount).toBe('12.5');
  });

  it('refuses a row with more or fewer cells than the header, naming its line', async () => {
    const header = MASS_COLUMNS.join(',');
    const ok = ',EUR,b-1,,,,,,10.00,SALARY,,R1';
    // An unquoted 12,50 makes one cell too many; a cut line makes too few.
    const cells = await csvCells(
      [header, ok, ',EUR,b-1,,,,,,12,50,SALARY,,R2', '', ',EUR,b-1,,,,,,12.50', ok.replace('10.00', '11.00').replace('R1', 'R3')].join('\n'),
    );
    const check = validateMassRows(rowsFromCells(cells), ctx);
    expect(check.rows.map((r) => r.line)).toEqual([2, 3, 5, 6]);
    expect(codes(check, 0)).toEqual([]);
    expect(check.rows[1]?.errors).toEqual([{ column: 'row', code: 'extraCells', values: { line: '3', count: '13', expected: '12' } }]);
    expect(check.rows[2]?.errors).toEqual([{ column: 'row', code: 'missingCells', values: { line: '5', count: '9', expected: '12' } }]);
    expect(check.rows[1]?.valid).toBeNull();
    expect(check.validCount).toBe(2);
  });

  it('refuses a spreadsheet row with a value past the last column of the header, and pads nothing else', () => {
    const parsed = rowsFromCells(
      [
        ['currency', 'beneficiaryId', 'amount', null],
        ['EUR', 'b-1', '10', null],
        ['EUR', 'b-1', '12', '50'],
        ['EUR', 'b-1', null, null],
      ],
      true,
    );
    expect(parsed.map((r) => r.cells)).toEqual([undefined, { count: 4, expected: 3 }, undefined]);
    expect(codes(validateMassRows(parsed, ctx), 1)).toEqual(['row:extraCells']);
  });

  it('refuses a beneficiary that is not one of this merchant', () => {
    expect(codes(validateMassRows(rows({ currency: 'EUR', beneficiaryId: 'b-other', amount: '1' }), ctx), 0)).toEqual(['beneficiaryId:unknownBeneficiary']);
  });

  it('marks the later copy of a duplicate, naming the line of the first', () => {
    const check = validateMassRows(
      rows(
        { currency: 'EUR', amount: '1', ...payee, reference: 'R1' },
        { currency: 'EUR', amount: '1', ...payee, reference: 'R2' },
        { currency: 'EUR', amount: '2', ...payee, reference: 'R1' },
      ),
      ctx,
    );
    expect(codes(check, 0)).toEqual([]);
    expect(codes(check, 1)).toEqual(['row:duplicatePayment']);
    expect(check.rows[1]?.errors[0]?.values).toEqual({ line: '2' });
    expect(codes(check, 2)).toEqual(['reference:duplicateReference']);
  });

  it('refuses every row of a wallet whose total is more than it can spend', () => {
    const check = validateMassRows(
      rows(
        { currency: 'EUR', amount: '600', ...payee },
        { currency: 'EUR', amount: '400.01', beneficiaryId: 'b-1' },
        { currency: 'JPY', amount: '5', ...payee },
      ),
      ctx,
    );
    expect(codes(check, 0)).toEqual(['amount:insufficientFunds']);
    expect(check.rows[1]?.errors[0]?.values).toEqual({ total: '1,000.01', available: '1,000.00' });
    expect(check.validCount).toBe(1);
    expect(check.rows[2]?.valid?.walletId).toBe('w-jpy');
  });

  it('reads the template back into rows with their spreadsheet line numbers', () => {
    const cells = massTemplateCsv()
      .split('\r\n')
      .map((l) => l.split(','));
    const parsed = rowsFromCells([...cells.slice(0, 2), [], ...cells.slice(2)]);
    expect(parsed.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(parsed[0]?.row).toMatchObject({ currency: 'EUR', receiverName: 'Jane Doe', iban: 'DE89370400440532013000', amount: '80.00' });
  });

  it('reads every column of the template (the file the server serves too), and finds only ready rows', async () => {
    const everyCurrency: MassContext = {
      ...ctx,
      wallets: [
        ...ctx.wallets,
        {
          id: 'w-gbp',
          walletAccountNumber: null,
          alias: 'GBP payments',
          currency: 'GBP',
          active: true,
          payment: true,
          position: position('5000'),
          creditLimit: '0',
        },
        {
          id: 'w-usd',
          walletAccountNumber: null,
          alias: 'USD payments',
          currency: 'USD',
          active: true,
          payment: true,
          position: position('5000'),
          creditLimit: '0',
        },
      ],
      currencies: new Map([...ctx.currencies, ['GBP', 2]]),
    };
    // As a user saves it: with the byte order mark the portal's download writes.
    const parsed = rowsFromCells(await csvCells(`\uFEFF${massTemplateCsv()}`));
    expect(parsed.map((r) => r.row)).toEqual(MASS_TEMPLATE_ROWS);
    const check = validateMassRows(parsed, everyCurrency);
    expect(check.rows.map((r) => r.errors)).toEqual(MASS_TEMPLATE_ROWS.map(() => []));
    expect(check.validCount).toBe(MASS_TEMPLATE_ROWS.length);
    expect(check.errorCount).toBe(0);
  });
});

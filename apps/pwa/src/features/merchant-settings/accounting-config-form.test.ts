import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_KEYS,
  accountingConfigBodyOf,
  accountingConfigForm,
  accountingConfigSchema,
  accountsSet,
  validateAccountingConfig,
  type AccountingConfig,
} from './accounting-config-form.ts';

const saved = {
  id: 'c1',
  merchantId: 'm1',
  tspId: 't1',
  walletId: 'w1',
  ledgerCode: 'MW-1',
  ledgerCcy: 'EUR',
  wallet: { ledgerCode: 'MW-1', ledgerCcy: 'EUR' },
  roundOff: { ledgerCode: 'RND', ledgerCcy: 'EUR' },
} as AccountingConfig;

describe('accounting codes setup form', () => {
  it('fills from the saved config and leaves unset accounts blank', () => {
    const form = accountingConfigForm(saved, 'EUR');
    expect(form.ledgerCode).toBe('MW-1');
    expect(form.accounts.roundOff).toEqual({ ledgerCode: 'RND', ledgerCcy: 'EUR' });
    expect(form.accounts.poolAccount).toEqual({ ledgerCode: '', ledgerCcy: '' });
    expect(accountsSet(saved)).toBe(2);
    expect(ACCOUNT_KEYS[0]).toBe('wallet');
  });

  it('a wallet without config starts in its own currency with nothing else set', () => {
    const form = accountingConfigForm(null, 'INR');
    expect(form.ledgerCcy).toBe('INR');
    expect(form.accounts.wallet).toEqual({ ledgerCode: '', ledgerCcy: 'INR' });
    expect(accountsSet(null)).toBe(0);
  });

  it('needs the ledger pair and the wallet pair; other accounts blank or complete', () => {
    const form = accountingConfigForm(null, 'INR');
    expect(validateAccountingConfig(form)).toEqual({ ledgerCode: 'required', 'wallet.ledgerCode': 'required' });
    const filled = {
      ...form,
      ledgerCode: 'L1',
      accounts: {
        ...form.accounts,
        wallet: { ledgerCode: 'W1', ledgerCcy: 'INR' },
        poolAccount: { ledgerCode: 'P1', ledgerCcy: '' },
        roundOff: { ledgerCode: '', ledgerCcy: 'usd' },
      },
    };
    expect(validateAccountingConfig(filled)).toEqual({ 'poolAccount.ledgerCcy': 'currency', 'roundOff.ledgerCode': 'required' });
  });

  it('posts trimmed, upper-cased pairs and leaves blank accounts out', () => {
    const form = accountingConfigForm(saved, 'EUR');
    form.accounts.chargesAccount = { ledgerCode: ' CHG-1 ', ledgerCcy: 'eur' };
    form.accounts.roundOff = { ledgerCode: '', ledgerCcy: '' };
    expect(validateAccountingConfig(form)).toEqual({});
    expect(accountingConfigBodyOf('w1', form)).toEqual({
      walletId: 'w1',
      ledgerCode: 'MW-1',
      ledgerCcy: 'EUR',
      wallet: { ledgerCode: 'MW-1', ledgerCcy: 'EUR' },
      chargesAccount: { ledgerCode: 'CHG-1', ledgerCcy: 'EUR' },
    });
  });

  it("the editor's schema puts each message on its input and gives the contract's body", () => {
    const form = accountingConfigForm(null, 'INR');
    form.accounts.poolAccount = { ledgerCode: 'P1', ledgerCcy: '' };
    const refused = accountingConfigSchema('w1').safeParse(form);
    expect(refused.success ? [] : refused.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ledgerCode', 'merchantSettings.errors.required'],
      ['accounts.wallet.ledgerCode', 'merchantSettings.errors.required'],
      ['accounts.poolAccount.ledgerCcy', 'merchantSettings.errors.currency'],
    ]);
    const filled = {
      ...form,
      ledgerCode: 'L1',
      accounts: { ...form.accounts, wallet: { ledgerCode: 'W1', ledgerCcy: 'inr' }, poolAccount: { ledgerCode: '', ledgerCcy: '' } },
    };
    expect(accountingConfigSchema('w1').parse(filled)).toEqual({
      walletId: 'w1',
      ledgerCode: 'L1',
      ledgerCcy: 'INR',
      wallet: { ledgerCode: 'W1', ledgerCcy: 'INR' },
    });
  });
});

import { z } from 'zod';
import { accountingConfigAccounts, accountingConfigBody, type PageItem } from '@corridor/api';

export type AccountingConfig = PageItem<'merchantAccounting.list'>;
export type AccountingConfigBody = z.input<typeof accountingConfigBody>;
export type AccountKey = keyof typeof accountingConfigAccounts;

/** Every account of the accounting config, in the contract's order; `wallet` first and required. */
export const ACCOUNT_KEYS = Object.keys(accountingConfigAccounts) as AccountKey[];
export const REQUIRED_ACCOUNT: AccountKey = 'wallet';

interface LedgerPairInput {
  ledgerCode: string;
  ledgerCcy: string;
}

/** The editor's state: the main ledger pair and one pair per account (blank = not set). */
export interface AccountingConfigForm {
  ledgerCode: string;
  ledgerCcy: string;
  accounts: Record<AccountKey, LedgerPairInput>;
}

export type AccountingConfigErrors = Partial<Record<'ledgerCode' | 'ledgerCcy' | `${AccountKey}.ledgerCode` | `${AccountKey}.ledgerCcy`, string>>;

const CURRENCY = /^[A-Z]{3}$/;

/** The form of a wallet's config, or a fresh one in the wallet's currency when none is set yet. */
export function accountingConfigForm(config: AccountingConfig | null | undefined, walletCurrency: string): AccountingConfigForm {
  const accounts = {} as Record<AccountKey, LedgerPairInput>;
  for (const key of ACCOUNT_KEYS) {
    const pair = config?.[key];
    accounts[key] = { ledgerCode: pair?.ledgerCode ?? '', ledgerCcy: pair?.ledgerCcy ?? (key === REQUIRED_ACCOUNT ? walletCurrency : '') };
  }
  return { ledgerCode: config?.ledgerCode ?? '', ledgerCcy: config?.ledgerCcy ?? walletCurrency, accounts };
}

/**
 * What the server refuses, checked first: the ledger code and currency are required, the wallet
 * account pair too, and any other account is either blank or a complete pair (code plus a
 * 3-letter currency): a half-filled pair would be silently dropped otherwise.
 * @internal
 */
export function validateAccountingConfig(form: AccountingConfigForm): AccountingConfigErrors {
  const errors: AccountingConfigErrors = {};
  if (form.ledgerCode.trim() === '') errors.ledgerCode = 'required';
  if (!CURRENCY.test(form.ledgerCcy.trim().toUpperCase())) errors.ledgerCcy = 'currency';
  for (const key of ACCOUNT_KEYS) {
    const pair = form.accounts[key];
    const code = pair.ledgerCode.trim();
    const ccy = pair.ledgerCcy.trim();
    const blank = code === '' && ccy === '';
    if (blank && key !== REQUIRED_ACCOUNT) continue;
    if (code === '') errors[`${key}.ledgerCode`] = 'required';
    if (!CURRENCY.test(ccy.toUpperCase())) errors[`${key}.ledgerCcy`] = 'currency';
  }
  return errors;
}

/**
 * The POST body (create or update) of a valid form; blank accounts are left out.
 * @internal
 */
export function accountingConfigBodyOf(walletId: string, form: AccountingConfigForm): AccountingConfigBody {
  const body: Record<string, unknown> = {
    walletId,
    ledgerCode: form.ledgerCode.trim(),
    ledgerCcy: form.ledgerCcy.trim().toUpperCase(),
  };
  for (const key of ACCOUNT_KEYS) {
    const pair = form.accounts[key];
    if (pair.ledgerCode.trim() === '' && pair.ledgerCcy.trim() === '') continue;
    body[key] = { ledgerCode: pair.ledgerCode.trim(), ledgerCcy: pair.ledgerCcy.trim().toUpperCase() };
  }
  return body as AccountingConfigBody;
}

/** How many accounts of a config are set (the list shows it). */
export function accountsSet(config: AccountingConfig | null | undefined): number {
  return config ? ACCOUNT_KEYS.filter((key) => config[key] != null).length : 0;
}

/** Where an error of `validateAccountingConfig` sits in the form: `wallet.ledgerCode` -> accounts.wallet.ledgerCode. */
function errorPath(key: string): string[] {
  const [first, second] = key.split('.');
  return second === undefined ? [key] : ['accounts', first ?? '', second];
}

/**
 * The editor's schema: the rules above with their messages (i18n keys under merchantSettings.errors),
 * then the contract's `accountingConfigBody` for this wallet.
 */
export function accountingConfigSchema(walletId: string) {
  const pair = z.object({ ledgerCode: z.string(), ledgerCcy: z.string() });
  return z
    .object({ ledgerCode: z.string(), ledgerCcy: z.string(), accounts: z.record(z.enum(ACCOUNT_KEYS), pair) })
    .superRefine((form, ctx) => {
      for (const [key, error] of Object.entries(validateAccountingConfig(form))) {
        ctx.addIssue({ code: 'custom', path: errorPath(key), message: `merchantSettings.errors.${error}` });
      }
    })
    .transform((form) => accountingConfigBodyOf(walletId, form))
    .pipe(accountingConfigBody);
}

import {
  Dec,
  availableToSpend,
  formatAmount,
  isValidIban,
  normaliseIban,
  readFileAmount,
  usesIban,
  type MassColumn,
  type WalletPosition,
} from '@corridor/domain';
import type { FileRow } from './mass-columns.ts';

/** What the device knows to check a file against: the merchant's wallets, currencies and beneficiaries. */
export interface MassContext {
  wallets: readonly {
    id: string;
    walletAccountNumber: string | null;
    alias: string;
    currency: string;
    active: boolean;
    /** A payment wallet (type PAYMENT): the one a row naming only a currency pays from. */
    payment: boolean;
    /** Position figures; null when unknown (then funds are left to the server). */
    position: WalletPosition | null;
    creditLimit: string;
  }[];
  /** Currency code → decimal places. */
  currencies: ReadonlyMap<string, number>;
  beneficiaries: ReadonlyMap<
    string,
    { id: string; name: string; countryCode: string; currencyCode: string; iban: string | null; accountNumber: string | null; bankCode: string | null }
  >;
}

export interface RowError {
  column: MassColumn | 'row';
  /** i18n key under massPayments.errors, with its values. */
  code: string;
  values?: Record<string, string>;
}

/** A row ready to send: everything the payment body needs, checked. */
export interface ValidRow {
  walletId: string;
  currency: string;
  amount: string;
  beneficiaryId: string | null;
  receiver: { name: string; countryCode: string; iban?: string; accountNumber?: string; bankCode?: string };
  purpose: string | null;
  message: string | null;
  reference: string | null;
}

export interface CheckedRow extends FileRow {
  errors: RowError[];
  valid: ValidRow | null;
}

export interface MassCheck {
  rows: CheckedRow[];
  validCount: number;
  errorCount: number;
  /** Per wallet: the total of its valid rows (string decimal) and what it can spend. */
  totals: { walletId: string; currency: string; total: string; available: string | null; count: number }[];
}

const COUNTRY = /^[A-Z]{2}$/;
const MESSAGE_MAX = 140;

/**
 * Checks every row of a mass payment file on the device, before anything is sent. One pass over the
 * rows (a 10,000-row file checks in well under a second), then the funds per wallet: a wallet whose
 * valid rows add up to more than it can spend refuses all of them, since paying the first ones of a
 * payroll and not the rest is worse than paying none until the wallet is funded.
 */
export function validateMassRows(rows: readonly FileRow[], ctx: MassContext): MassCheck {
  const walletById = new Map<string, MassContext['wallets'][number]>();
  const walletByCurrency = new Map<string, MassContext['wallets'][number][]>();
  for (const w of ctx.wallets) {
    walletById.set(w.id, w);
    if (w.walletAccountNumber) walletById.set(w.walletAccountNumber, w);
    walletById.set(w.alias, w);
    if (w.active && w.payment) walletByCurrency.set(w.currency, [...(walletByCurrency.get(w.currency) ?? []), w]);
  }
  const seenReference = new Map<string, number>();
  const seenPayee = new Map<string, number>();
  const checked: CheckedRow[] = [];
  for (const { line, row, cells } of rows) {
    const errors: RowError[] = [];
    const err = (column: RowError['column'], code: string, values?: Record<string, string>) =>
      errors.push(values ? { column, code, values } : { column, code });
    // Cells out of line with the header sit under columns their author did not mean (an unquoted
    // "12,50" puts 50 under the next column): nothing of the row is read, the row is refused whole.
    if (cells) {
      err('row', cells.count > cells.expected ? 'extraCells' : 'missingCells', {
        line: String(line),
        count: String(cells.count),
        expected: String(cells.expected),
      });
      checked.push({ line, row, errors, valid: null });
      continue;
    }

    // Wallet: by id, account number or alias, else the one active payment wallet in the row's
    // currency (a settlement wallet in the same currency is never picked without being named).
    const currencyText = row.currency?.toUpperCase();
    let wallet: MassContext['wallets'][number] | undefined;
    if (row.wallet) {
      wallet = walletById.get(row.wallet);
      if (!wallet) err('wallet', 'unknownWallet', { wallet: row.wallet });
      else if (!wallet.active) err('wallet', 'walletBlocked');
    } else if (currencyText) {
      const choices = walletByCurrency.get(currencyText) ?? [];
      if (choices.length === 1) wallet = choices[0];
      else if (choices.length === 0) err('currency', 'noWalletInCurrency', { currency: currencyText });
      else err('wallet', 'walletAmbiguous', { currency: currencyText });
    } else err('wallet', 'walletOrCurrency');
    const currency = currencyText ?? wallet?.currency;
    const dp = currency === undefined ? undefined : ctx.currencies.get(currency);
    if (currencyText && dp === undefined) err('currency', 'unknownCurrency', { currency: currencyText });
    else if (wallet && currency && currency !== wallet.currency) err('currency', 'notWalletCurrency', { currency: wallet.currency });

    // Amount: the one rule of amounts in files (a dot for decimals, no grouping), above zero, with
    // at most the currency's decimals. Nothing is cleaned up: "12,50" is refused, never read as 1250.
    const read = readFileAmount(row.amount, { decimals: dp });
    const amountText = read.ok ? read.value : undefined;
    if (!read.ok) err('amount', read.problem, read.problem === 'tooManyDecimals' ? { currency: currency ?? '', dp: String(dp) } : undefined);
    else if (!new Dec(read.value).gt(0)) err('amount', 'notPositive');

    // Payee: a saved beneficiary of this merchant, or the receiver's own fields.
    let receiver: ValidRow['receiver'] | null = null;
    let payeeKey = '';
    if (row.beneficiaryId) {
      const b = ctx.beneficiaries.get(row.beneficiaryId);
      if (!b) err('beneficiaryId', 'unknownBeneficiary');
      else {
        receiver = {
          name: b.name,
          countryCode: b.countryCode,
          ...(b.iban ? { iban: b.iban } : {}),
          ...(b.accountNumber ? { accountNumber: b.accountNumber } : {}),
          ...(b.bankCode ? { bankCode: b.bankCode } : {}),
        };
        payeeKey = `b:${b.id}`;
      }
    } else {
      const country = row.receiverCountry?.toUpperCase();
      const iban = row.iban ? normaliseIban(row.iban) : undefined;
      if (!row.receiverName) err('receiverName', 'required');
      if (!country) err('receiverCountry', 'required');
      else if (!COUNTRY.test(country)) err('receiverCountry', 'notCountry');
      if (!iban && !row.accountNumber) err('iban', 'ibanOrAccount');
      if (iban && !isValidIban(iban)) err('iban', 'badIban');
      else if (!iban && country && usesIban(country)) err('iban', 'ibanRequired', { country });
      if (row.receiverName && country && COUNTRY.test(country) && (iban || row.accountNumber)) {
        receiver = {
          name: row.receiverName,
          countryCode: country,
          ...(iban ? { iban } : {}),
          ...(row.accountNumber ? { accountNumber: row.accountNumber } : {}),
          ...(row.bankCode ? { bankCode: row.bankCode } : {}),
        };
        payeeKey = `a:${iban ?? row.accountNumber}`;
      }
    }
    if (row.message && row.message.length > MESSAGE_MAX) err('message', 'tooLong', { max: String(MESSAGE_MAX) });

    // Duplicates inside the file: the same reference twice, or the same payee, amount and currency.
    if (row.reference) {
      const first = seenReference.get(row.reference);
      if (first !== undefined) err('reference', 'duplicateReference', { line: String(first) });
      else seenReference.set(row.reference, line);
    }
    if (payeeKey && amountText) {
      const key = `${payeeKey}|${amountText}|${currency ?? ''}`;
      const first = seenPayee.get(key);
      if (first !== undefined) err('row', 'duplicatePayment', { line: String(first) });
      else seenPayee.set(key, line);
    }

    const valid =
      errors.length === 0 && wallet && currency && amountText && receiver
        ? {
            walletId: wallet.id,
            currency,
            amount: amountText,
            beneficiaryId: row.beneficiaryId ?? null,
            receiver,
            purpose: row.purpose ?? null,
            message: row.message ?? null,
            reference: row.reference ?? null,
          }
        : null;
    checked.push({ line, row, errors, valid });
  }
  return withFunds(checked, ctx);
}

function withFunds(rows: CheckedRow[], ctx: MassContext): MassCheck {
  const sums = new Map<string, { total: InstanceType<typeof Dec>; count: number }>();
  for (const r of rows) {
    if (!r.valid) continue;
    const sum = sums.get(r.valid.walletId) ?? { total: new Dec(0), count: 0 };
    sum.total = sum.total.plus(r.valid.amount);
    sum.count++;
    sums.set(r.valid.walletId, sum);
  }
  const totals: MassCheck['totals'] = [];
  const short = new Map<string, { total: string; available: string }>();
  for (const [walletId, sum] of sums) {
    const wallet = ctx.wallets.find((w) => w.id === walletId);
    const available = wallet?.position ? availableToSpend(wallet.position, wallet.creditLimit) : null;
    totals.push({ walletId, currency: wallet?.currency ?? '', total: sum.total.toFixed(), available, count: sum.count });
    // The message shows both amounts as every amount shows: grouped, in the currency's decimals.
    const dp = ctx.currencies.get(wallet?.currency ?? '') ?? 2;
    if (available !== null && sum.total.gt(available))
      short.set(walletId, { total: formatAmount(sum.total.toFixed(), dp), available: formatAmount(available, dp) });
  }
  let validCount = 0;
  for (const r of rows) {
    const lack = r.valid ? short.get(r.valid.walletId) : undefined;
    if (r.valid && lack) {
      r.errors.push({ column: 'amount', code: 'insufficientFunds', values: lack });
      r.valid = null;
    }
    if (r.valid) validCount++;
  }
  return { rows, validCount, errorCount: rows.length - validCount, totals };
}

import { eq } from 'drizzle-orm';
import { Dec, type PaymentFunds } from '@corridor/domain';
import type { Queryable, Tx } from '../db/database.ts';
import { afterCommit, databaseOf } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { ensureLedgerAccount, post, type PostingLine } from '../ledger/ledger-service.ts';
import { bookingAccount, tspCode } from '../ledger/tsp-account-service.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import type { PaymentRow } from './payment-schema.ts';

/**
 * The TSP's off-balance memo account a payment's hold is booked against: the counter side of the
 * wallet's `pendingAuthorization` bucket, so every hold and release voucher balances.
 */
async function pendingAuthorisationAccount(tx: Tx, tspId: string, currency: string): Promise<{ code: string; name: string }> {
  const key = `${tspId}|${currency}`;
  const known = opened.get(databaseOf(tx))?.get(key);
  if (known) return known;
  const org = await tspCode(tx, tspId);
  const account = { code: `PPA-${org.code}-${currency}`, name: `${org.name} Payments pending authorisation ${currency}` };
  await ensureLedgerAccount(tx, { ...account, currencyCode: currency, tspId, kind: 'paymentsPendingAuthorisation' });
  // Remembered once committed only: a hold refused after opening the account rolls the account back too.
  afterCommit(tx, () => {
    const cache = opened.get(databaseOf(tx)) ?? new Map<string, { code: string; name: string }>();
    cache.set(key, account);
    opened.set(databaseOf(tx), cache);
  });
  return account;
}

/** Memo accounts already opened, per database: ledger accounts are never deleted, so a hold needs no round trip for them. */
const opened = new WeakMap<Queryable, Map<string, { code: string; name: string }>>();

/**
 * Moves a payment's money for one transition, inside the caller's transaction (the same one that
 * changes its status):
 * - hold: credit the wallet's pendingAuthorization bucket by send amount + fees against the memo
 *   account; `post` refuses it with INSUFFICIENT_FUNDS when the wallet cannot spend that much (it locks
 *   the wallet, so concurrent holds never spend the same money twice);
 * - release: the reverse of the hold;
 * - settle: release the hold and debit the wallet's balance by the same amount, crediting the TSP's
 *   pool account (the payout leaves through it) with the send amount and its charges income with the fees.
 * Each voucher carries the payment's paymentId as its transactionId, so the wallet statement shows every step.
 */
export async function movePaymentFunds(
  tx: Tx,
  payment: PaymentRow,
  funds: PaymentFunds,
  now: Date,
  createdBy?: string | null,
  // The wallet row when the caller has just read it (a create): one round trip less on the hot path.
  walletRow?: WalletRow,
): Promise<void> {
  if (funds === 'none') return;
  const hold = new Dec(payment.holdAmount);
  if (hold.lte(0)) return;
  const wallet = walletRow?.id === payment.walletId ? walletRow : (await tx.select().from(wallets).where(eq(wallets.id, payment.walletId)))[0];
  if (!wallet) throw new AppError('NOT_FOUND', `No wallet ${payment.walletId}`, [{ parameter: 'walletId', message: 'does not exist' }]);
  const currency = wallet.currencyCode;
  const memo = await pendingAuthorisationAccount(tx, payment.serviceProviderId, currency);
  const amount = hold.toFixed();
  const walletLine = (side: 'D' | 'C', bucket: 'pendingAuthorization' | 'balance', description: string, value = amount): PostingLine => ({
    accountCode: wallet.ledgerCode,
    accountName: wallet.alias,
    currency,
    side,
    amount: value,
    walletId: wallet.id,
    bucket,
    description1: description,
    description2: payment.paymentId,
  });
  const memoLine = (side: 'D' | 'C'): PostingLine => ({
    accountCode: memo.code,
    accountName: memo.name,
    currency,
    side,
    amount,
    description1: 'Payment pending authorisation',
    description2: payment.paymentId,
  });
  let lines: PostingLine[];
  if (funds === 'hold') {
    lines = [memoLine('D'), walletLine('C', 'pendingAuthorization', 'Payment held')];
  } else if (funds === 'release') {
    lines = [walletLine('D', 'pendingAuthorization', 'Payment hold released'), memoLine('C')];
  } else {
    // The balance is debited in two lines, each against its own credit: per-line rounding to local
    // currency then balances pair by pair, whatever the wallet currency.
    const fee = Dec.max(new Dec(payment.fee ?? '0'), 0);
    const send = hold.minus(fee);
    const pool = await bookingAccount(tx, wallet.id, payment.serviceProviderId, 'poolAccount', currency);
    lines = [
      walletLine('D', 'pendingAuthorization', 'Payment hold released'),
      memoLine('C'),
      walletLine('D', 'balance', 'Payment paid out', send.toFixed()),
      { accountCode: pool.code, accountName: pool.name, currency, side: 'C', amount: send.toFixed(), description1: 'Payout', description2: payment.paymentId },
    ];
    if (fee.gt(0)) {
      const charges = await bookingAccount(tx, wallet.id, payment.serviceProviderId, 'chargesAccount', currency);
      lines.push(walletLine('D', 'balance', 'Payment fees', fee.toFixed()), {
        accountCode: charges.code,
        accountName: charges.name,
        currency,
        side: 'C',
        amount: fee.toFixed(),
        description1: 'Payment fees',
        description2: payment.paymentId,
      });
    }
  }
  await post(
    tx,
    {
      // Its own category: a payment's hold, release and settlement are told apart from other payouts.
      category: 'PAYMENT',
      subCategory: funds.toUpperCase(),
      transactionType: funds === 'hold' ? 'PAYMENT_HOLD' : funds === 'release' ? 'PAYMENT_RELEASE' : 'PAYMENT_SETTLE',
      transactionId: payment.paymentId,
      tspId: payment.serviceProviderId,
      merchantId: payment.merchantId,
      msWalletId: wallet.merchantServiceId ? wallet.id : null,
      tspWalletId: wallet.merchantServiceId ? wallet.spWalletId : wallet.id,
      ...(createdBy ? { createdBy } : {}),
      lines,
    },
    now,
  );
}

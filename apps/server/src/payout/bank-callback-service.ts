import { and, eq, isNull, or } from 'drizzle-orm';
import type { BankNotificationBody, RemittanceAckBody } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { post } from '../ledger/ledger-service.ts';
import { notify } from '../notifications/notification-service.ts';
import { applyPaymentAction } from '../payments/payment-service.ts';
import { lockPaymentByReference, takeBankMessage } from '../payments/bank-message-service.ts';
import { recordPaymentFailure } from '../payments/payment-failure-service.ts';
import { closeOutboxOf } from '../payments/payout-outbox-service.ts';

/** What a callback did: a replay of a message already taken answers DUPLICATE and changes nothing. */
export interface CallbackOutcome {
  status: 'APPLIED' | 'RECORDED' | 'DUPLICATE';
  message: string;
}

/** The TSP account correspondents settle through (spec 3, category 100). */
const NOSTRO_CATEGORY = '100';

const duplicate = (messageId: string): CallbackOutcome => ({ status: 'DUPLICATE', message: `message ${messageId} was already taken` });

/**
 * A remittance acknowledgement: SETTLED completes a PROCESSING payment (its hold is settled), REFUSED fails
 * it (the hold released, a failure log row), ACCEPTED is recorded only. An answer about a payment that is
 * no longer PROCESSING (a late duplicate under a new message id, a payment already failed) is recorded and
 * changes nothing: the bank must not be made to retry what cannot apply.
 */
export async function takeRemittanceAck(db: Db, body: RemittanceAckBody, now: Date): Promise<CallbackOutcome> {
  return inTransaction(db, async (tx) => {
    const payment = await lockPaymentByReference(tx, body.paymentId);
    if (!payment) throw new AppError('NOT_FOUND', `No payment ${body.paymentId}`, [{ parameter: 'paymentId', message: 'no such payment' }]);
    const applies = payment.status === 'PROCESSING' && body.outcome !== 'ACCEPTED';
    const outcome = applies ? body.outcome : `${body.outcome}_IGNORED_${payment.status}`;
    if (!(await takeBankMessage(tx, 'ACK', body.messageId, payment.id, body, outcome, now))) return duplicate(body.messageId);
    if (!applies) return { status: 'RECORDED', message: `payment ${body.paymentId} is ${payment.status}` };
    const details = { messageId: body.messageId, bankReference: body.bankReference ?? null, attempt: body.attempt ?? null };
    if (body.outcome === 'SETTLED') {
      await applyPaymentAction(tx, payment.id, 'complete', { type: 'BANK', name: 'Correspondent bank' }, { details, now });
    } else {
      const reason = body.reason ?? 'Refused by the bank';
      await applyPaymentAction(tx, payment.id, 'fail', { type: 'BANK', name: 'Correspondent bank' }, { reason, details, now });
      await recordPaymentFailure(tx, { paymentId: payment.id, step: 'BANK_PAYOUT', errorCode: 'BANK_REFUSED', message: reason, occurredAt: now });
    }
    // The bank has answered: no attempt of this payment is waiting any longer.
    await closeOutboxOf(tx, payment.id);
    return { status: 'APPLIED', message: `payment ${body.paymentId} ${body.outcome === 'SETTLED' ? 'completed' : 'failed'}` };
  });
}

/**
 * An incoming credit (ICN) or debit (IDN) on a merchant wallet's account at the bank: one voucher against
 * the TSP's nostro in the wallet's currency, once per message id.
 */
export async function takeBankNotification(db: Db, kind: 'IDN' | 'ICN', body: BankNotificationBody, now: Date): Promise<CallbackOutcome> {
  return inTransaction(db, async (tx) => {
    const parameter = body.walletId !== undefined ? 'walletId' : 'iban';
    const [wallet] = await tx
      .select()
      .from(wallets)
      .where(body.walletId !== undefined ? eq(wallets.id, body.walletId) : eq(wallets.iban, body.iban ?? ''))
      .limit(1);
    if (!wallet) throw new AppError('NOT_FOUND', `No wallet for ${parameter} ${body.walletId ?? body.iban}`, [{ parameter, message: 'no such wallet' }]);
    if (wallet.currencyCode !== body.currency) {
      throw new AppError('VALIDATION_FAILED', `The wallet is in ${wallet.currencyCode}`, [
        { parameter: 'currency', message: `must be the wallet's currency ${wallet.currencyCode}` },
      ]);
    }
    const [nostro] = await tx
      .select()
      .from(wallets)
      .where(
        and(
          eq(wallets.serviceProviderId, wallet.serviceProviderId),
          isNull(wallets.merchantServiceId),
          eq(wallets.accountCategoryId, NOSTRO_CATEGORY),
          eq(wallets.currencyCode, body.currency),
          or(eq(wallets.status, 'ACTIVE'), eq(wallets.status, 'INACTIVE')),
        ),
      )
      .limit(1);
    if (!nostro)
      throw new AppError('VALIDATION_FAILED', `The TSP has no ${body.currency} nostro account`, [
        { parameter: 'currency', message: 'no nostro account in this currency' },
      ]);
    if (!(await takeBankMessage(tx, kind, body.messageId, null, body, 'POSTED', now))) return duplicate(body.messageId);
    const credit = kind === 'ICN';
    const description = credit ? 'Incoming bank credit' : 'Incoming bank debit';
    await post(
      tx,
      {
        category: 'BANK_NOTIFICATION',
        subCategory: kind,
        transactionType: kind,
        transactionId: body.bankReference ?? body.messageId,
        tspId: wallet.serviceProviderId,
        tspWalletId: nostro.id,
        merchantId: wallet.merchantServiceId,
        msWalletId: wallet.id,
        createdBy: 'BANK',
        // The bank has already moved the money: the books follow it, whatever the wallet holds.
        checkFunds: false,
        lines: [
          {
            accountCode: nostro.ledgerCode,
            accountName: nostro.alias,
            currency: body.currency,
            side: credit ? 'D' : 'C',
            amount: body.amount,
            walletId: nostro.id,
            bucket: 'balance',
            description1: description,
          },
          {
            accountCode: wallet.ledgerCode,
            accountName: wallet.alias,
            currency: body.currency,
            side: credit ? 'C' : 'D',
            amount: body.amount,
            walletId: wallet.id,
            bucket: 'balance',
            description1: description,
            ...(body.narrative ? { description2: body.narrative } : {}),
          },
        ],
      },
      now,
    );
    // The TSP's desk sees the bank's message among its notifications, once per message id.
    await notify(
      tx,
      {
        orgId: wallet.serviceProviderId,
        kind: credit ? 'BANK_CREDIT' : 'BANK_DEBIT',
        subjectType: 'WALLET',
        subjectId: wallet.id,
        params: {
          amount: body.amount,
          currency: body.currency,
          wallet: wallet.alias ?? wallet.iban ?? wallet.id,
          reference: body.bankReference ?? body.messageId,
          remitter: body.remitterName,
          narrative: body.narrative,
          owner: wallet.merchantServiceId === null ? 'TSP' : 'MERCHANT',
        },
        dedupeKey: `bank:${kind}:${body.messageId}`,
      },
      now,
    );
    return { status: 'APPLIED', message: `${kind} ${body.amount} ${body.currency} posted to wallet ${wallet.id}` };
  });
}

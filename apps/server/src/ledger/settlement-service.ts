import { Dec } from '@corridor/domain';
import type { z } from 'zod';
import type { miscPayment as miscPaymentBody } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { AppError } from '../errors.ts';
import type { SpTenant } from '../tenant/tenant.ts';
import { bookingsOf } from './tsp-account-service.ts';
import { wallets } from '../db/wallet-schema.ts';
import { accountingConfigs, currencies } from '../db/schema.ts';
import { scopes } from '../tenant/wallet-scope.ts';
import { post, walletVoucherParties } from './ledger-service.ts';
import { assertAmountFitsIn } from '../lib/amount-fit.ts';
import { tspFundingPartyIdSql } from '../pricing-config/settings-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { and, eq, sql } from 'drizzle-orm';
import { dayReference } from '../lib/references.ts';

/**
 * A misc payment's inputs in one statement, built once (`statement`): the wallet in the TSP's scope,
 * its funding party if it is the TSP's, its currency's decimals and its accounting config's accounts
 * (read before the transaction: under read committed the post sees the same committed rows either way).
 */
const miscPaymentInputs = statement((q) =>
  q
    .select({
      // What the post needs of the wallet, not the whole row: every column read is parsed and mapped per call.
      wallet: {
        id: wallets.id,
        alias: wallets.alias,
        status: wallets.status,
        currencyCode: wallets.currencyCode,
        ledgerCode: wallets.ledgerCode,
        merchantServiceId: wallets.merchantServiceId,
        spWalletId: wallets.spWalletId,
      },
      fundingParty: tspFundingPartyIdSql(sql.placeholder('fundingPartyId'), sql.placeholder('tspId')),
      dp: currencies.dp,
      accounts: accountingConfigs.accounts,
    })
    .from(wallets)
    .leftJoin(currencies, eq(currencies.code, wallets.currencyCode))
    .leftJoin(accountingConfigs, eq(accountingConfigs.walletId, wallets.id))
    .where(and(eq(wallets.id, sql.placeholder('walletId')), scopes.spAll(sql.placeholder('tspId')))),
);

/** A miscellaneous payment in or out of a wallet the TSP runs: one balanced voucher against its pool or transit account. */
export async function miscPayment(db: Db, tenant: SpTenant, body: z.output<typeof miscPaymentBody>, by: string, now: Date) {
  const tspId = tenant.serviceProviderId;
  const [found] = await miscPaymentInputs(db, { walletId: body.spWalletId, tspId, fundingPartyId: body.fundingPartyId });
  if (!found) throw foreignId('spWalletId', 'wallet', body.spWalletId);
  const wallet = found.wallet;
  const problems: Array<{ parameter: string; message: string }> = [];
  if (!new Dec(body.amount).gt(0)) problems.push({ parameter: 'amount', message: 'must be more than zero' });
  if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (wallet.status !== 'ACTIVE') problems.push({ parameter: 'spWalletId', message: 'the wallet is not active' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  assertAmountFitsIn(body.amount, found.dp ?? undefined, wallet.currencyCode, 'amount');
  // The funding party is one of this TSP's: another's (or an unknown one) answers 404 naming the field.
  if (found.fundingParty === null) throw foreignId('fundingPartyId', 'funding party', body.fundingPartyId);
  const transactionId = dayReference('MISC', now, 8);
  const out = body.direction === 'OUT';
  // One voucher and nothing else written: the post is whole by itself (in the request's transaction when
  // it carries an idempotency key), so no transaction of its own and no round trips to open and close one.
  const counter = await bookingsOf(db, found.accounts ?? undefined, tspId)(out ? 'poolAccount' : 'transitAccount', wallet.currencyCode);
  const voucher = await post(
    db,
    {
      category: 'MISC_PAYMENT',
      subCategory: body.purpose,
      transactionType: out ? 'MISC_PAYMENT_OUT' : 'MISC_PAYMENT_IN',
      transactionId,
      tspId,
      ...walletVoucherParties(wallet),
      createdBy: by,
      lines: [
        {
          accountCode: wallet.ledgerCode,
          accountName: wallet.alias,
          currency: wallet.currencyCode,
          side: out ? 'D' : 'C',
          amount: body.amount,
          walletId: wallet.id,
          bucket: 'balance',
          description1: body.remarks ?? body.purpose,
          description2: `Funding party ${body.fundingPartyId}`,
        },
        {
          accountCode: counter.code,
          accountName: counter.name,
          currency: wallet.currencyCode,
          side: out ? 'C' : 'D',
          amount: body.amount,
          description1: body.purpose,
        },
      ],
    },
    now,
  );
  return {
    settlementTransactionId: transactionId,
    type: 'MISC' as const,
    status: 'POSTED',
    currency: wallet.currencyCode,
    amount: new Dec(body.amount).toFixed(),
    vouchers: [voucher.voucherNo],
  };
}

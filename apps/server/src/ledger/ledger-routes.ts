import { eq } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { vouchers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { accountingEntryPage, entityEntries } from './accounting-entries.ts';
import { post } from './ledger-service.ts';
import { bookingAccount } from '../wallets/tsp-accounts.ts';
import { scopes, walletIn } from '../wallets/wallet-scope.ts';
import { assertAmountFits } from '../reference/amount-fit.ts';

/** Accounting entries of the TSP and the miscellaneous payment, the simplest call that moves money. */
export function registerLedgerRoutes(r: CallRegistrar): void {
  r.serve('accounting.entries', async ({ caller, db, query }) => accountingEntryPage(db, eq(vouchers.tspId, requireOrg(caller)), query));
  r.serve('accounting.entry', async ({ caller, db, params }) => entityEntries(db, eq(vouchers.tspId, requireOrg(caller)), params.entityId));

  r.serve('settlements.miscPayment', async ({ caller, db, body, services }) => {
    const tspId = requireOrg(caller);
    const wallet = await walletIn(db, body.spWalletId, scopes.spAll(tspId));
    const problems: Array<{ parameter: string; message: string }> = [];
    if (!new Dec(body.amount).gt(0)) problems.push({ parameter: 'amount', message: 'must be more than zero' });
    if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
    if (wallet.status !== 'ACTIVE') problems.push({ parameter: 'spWalletId', message: 'the wallet is not active' });
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
    await assertAmountFits(db, body.amount, wallet.currencyCode, 'amount');
    const now = services.config.now();
    const transactionId = `MISC-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${crypto.randomUUID().slice(-8).toUpperCase()}`;
    const out = body.direction === 'OUT';
    const voucher = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const counter = await bookingAccount(tx, wallet.id, tspId, out ? 'poolAccount' : 'transitAccount', wallet.currencyCode);
      return post(tx, {
        category: 'MISC_PAYMENT',
        subCategory: body.purpose,
        transactionType: out ? 'MISC_PAYMENT_OUT' : 'MISC_PAYMENT_IN',
        transactionId,
        tspId,
        tspWalletId: wallet.merchantServiceId ? wallet.spWalletId : wallet.id,
        merchantId: wallet.merchantServiceId,
        msWalletId: wallet.merchantServiceId ? wallet.id : null,
        createdBy: caller.userId,
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
      }, now);
    });
    return {
      settlementTransactionId: transactionId,
      type: 'MISC' as const,
      status: 'POSTED',
      currency: wallet.currencyCode,
      amount: new Dec(body.amount).toFixed(),
      vouchers: [voucher.voucherNo],
    };
  });
}

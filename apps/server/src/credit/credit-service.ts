import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { creditLimits, creditRequests } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertAmountFits } from '../lib/amount-fit.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import { ownWallet, scopes } from '../tenant/wallet-scope.ts';
import { ownMerchant, ownServiceProvider } from '../organisations/organisation-service.ts';
import type { MerchantTenant, SpTenant } from '../tenant/tenant.ts';
import { noticeCreditStep } from './credit-notices.ts';
import { changeCreditLimit, grantCreditLimit, GRANTABLE_LIMIT_STATUSES } from './credit-limits.ts';
import { creditLimitIn, creditRequestDto, limitDto, type CreditRequestRow } from './credit-reads.ts';

/** The credit reads and the validity job, split out by concept; the credit calls and the server take them from here. */
export { applyCreditValidity, CREDIT_VALIDITY_INTERVAL_MS } from './credit-limits.ts';
export { creditLimitIn, creditRequestDto, creditRequestIn, limitDto, listCreditLimits, listCreditRequests, tspWalletLimitSummary } from './credit-reads.ts';

type CreditStatus = CreditRequestRow['status'];

export interface NewCreditRequest {
  wallet: WalletRow;
  tspWalletId?: string | undefined;
  amount: string;
  currency: string;
  validFrom: string;
  validTo: string;
  allocationMode?: string | undefined;
  remarks?: string | undefined;
  linked?: boolean;
  status?: CreditStatus;
  createdBy: string;
}

function checkTerms(amount: string, currency: string, wallet: WalletRow, validFrom: string, validTo: string): void {
  const problems: Array<{ parameter: string; message: string }> = [];
  if (!new Dec(amount).gt(0)) problems.push({ parameter: 'amount', message: 'must be more than zero' });
  if (currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (validTo < validFrom) problems.push({ parameter: 'validTo', message: 'must not be before validFrom' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
}

export async function createCreditRequest(db: Db, input: NewCreditRequest, now: Date): Promise<CreditRequestRow> {
  const { wallet } = input;
  const merchantId = wallet.merchantServiceId;
  if (!merchantId) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'credit is requested on a merchant wallet' }]);
  }
  // The TSP wallet backing the credit is one of the wallet's own TSP, never another TSP's.
  if (input.tspWalletId) await ownWallet(db, scopes.spOwn(wallet.serviceProviderId), input.tspWalletId, 'tspWalletId');
  checkTerms(input.amount, input.currency, wallet, input.validFrom, input.validTo);
  await assertAmountFits(db, input.amount, input.currency, 'amount');
  const id = uuidv7();
  // The request and the notice to the TSP that decides it, together.
  const [row] = await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(creditRequests)
      .values({
        id,
        merchantId,
        walletId: wallet.id,
        transactionId: `CR-${id.slice(-12).toUpperCase()}`,
        tspId: wallet.serviceProviderId,
        tspWalletId: input.tspWalletId ?? wallet.spWalletId,
        currency: input.currency,
        amount: input.amount,
        validFrom: input.validFrom,
        validTo: input.validTo,
        allocationMode: input.allocationMode ?? null,
        status: input.status ?? 'REQUESTED',
        remarks: input.remarks ?? null,
        linked: input.linked ?? false,
        createdBy: input.createdBy,
        createdAt: now,
      })
      .returning();
    const [created] = inserted;
    if (created && (created.status === 'REQUESTED' || created.status === 'IN_VERIFICATION')) await noticeCreditStep(tx, created, now);
    return inserted;
  });
  if (!row) throw new AppError('INTERNAL_ERROR');
  return row;
}

/** REQUESTED -> IN_VERIFICATION -> APPROVED | REJECTED; ON_HOLD parks a request under verification. */
const TRANSITIONS: Partial<Record<CreditStatus, CreditStatus[]>> = {
  REQUESTED: ['IN_VERIFICATION', 'REJECTED'],
  IN_VERIFICATION: ['APPROVED', 'REJECTED', 'ON_HOLD'],
  ON_HOLD: ['IN_VERIFICATION', 'APPROVED', 'REJECTED'],
};

/**
 * Moves a credit request. Approving creates the credit limit and posts it through the ledger in the
 * same transaction, so the wallet's creditLimit shows it the moment the approval commits.
 */
export async function decideCreditRequest(
  db: Db,
  row: CreditRequestRow,
  decision: {
    status: 'IN_VERIFICATION' | 'APPROVED' | 'REJECTED' | 'ON_HOLD';
    approvedAmount?: string | undefined;
    validFrom?: string | undefined;
    validTo?: string | undefined;
    remarks?: string | undefined;
  },
  by: string,
  now: Date,
): Promise<CreditRequestRow> {
  if (!(TRANSITIONS[row.status] ?? []).includes(decision.status)) {
    throw new AppError('INVALID_STATE_TRANSITION', `A ${row.status} credit request cannot become ${decision.status}`);
  }
  if (decision.status === 'REJECTED' && !decision.remarks?.trim()) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'remarks', message: 'a rejection needs a reason' }]);
  }
  const approvedAmount = decision.status === 'APPROVED' ? (decision.approvedAmount ?? row.amount) : null;
  if (approvedAmount !== null && (!new Dec(approvedAmount).gt(0) || new Dec(approvedAmount).gt(row.amount))) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'approvedAmount', message: 'must be more than zero and at most the requested amount' }]);
  }
  if (approvedAmount !== null) await assertAmountFits(db, approvedAmount, row.currency, 'approvedAmount');
  // The approver may grant the credit for another period; it is kept on the request and the limit.
  const approving = decision.status === 'APPROVED';
  const validFrom = approving ? (decision.validFrom ?? row.validFrom) : row.validFrom;
  const validTo = approving ? (decision.validTo ?? row.validTo) : row.validTo;
  if (validTo < validFrom) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'validTo', message: 'must not be before validFrom' }]);
  }
  return inTransaction(db, async (tx) => {
    // The status check is repeated under the row lock: two approvals of one request grant credit once.
    const [locked] = await tx.select().from(creditRequests).where(eq(creditRequests.id, row.id)).for('update');
    if (!locked || locked.status !== row.status) {
      throw new AppError('INVALID_STATE_TRANSITION', 'The credit request changed meanwhile; reload it');
    }
    const [updated] = await tx
      .update(creditRequests)
      .set({
        status: decision.status,
        approvedAmount,
        validFrom,
        validTo,
        remarks: decision.remarks ?? row.remarks,
        updatedAt: now,
      })
      .where(eq(creditRequests.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    await noticeCreditStep(tx, updated, now);
    if (decision.status === 'APPROVED' && approvedAmount !== null) {
      await grantCreditLimit(
        tx,
        {
          walletId: row.walletId,
          tspId: row.tspId,
          currency: row.currency,
          limit: approvedAmount,
          validFrom,
          validTo,
          transactionId: row.transactionId,
          creditRequestId: row.id,
          merchantId: row.merchantId,
          createdBy: by,
        },
        now,
      );
    }
    return updated;
  });
}

interface LimitBody {
  walletId: string;
  currency: string;
  limit: string;
  validFrom: string;
  validTo: string;
  status?: string | undefined;
}

type RequestBody = Omit<NewCreditRequest, 'wallet' | 'createdBy' | 'linked'> & { walletId: string };

/** A merchant asks its TSP for credit on one of its own wallets. */
export async function requestCreditAsMerchant(db: Db, tenant: MerchantTenant, body: RequestBody, by: string, now: Date) {
  const wallet = await ownWallet(db, tenant.scope, body.walletId, 'walletId');
  return creditRequestDto(await createCreditRequest(db, { ...body, wallet, createdBy: by }, now));
}

/** A TSP raises credit for one of its merchants, on that merchant's wallet. */
export async function requestCreditAsTsp(db: Db, tenant: SpTenant, body: RequestBody & { merchantId: string }, linked: boolean, by: string, now: Date) {
  const merchant = await ownMerchant(db, tenant.serviceProviderId, body.merchantId, 'merchantId');
  const wallet = await ownWallet(db, scopes.merchant(merchant.id), body.walletId, 'walletId');
  return creditRequestDto(await createCreditRequest(db, { ...body, wallet, linked, createdBy: by }, now));
}

/** A credit limit on a wallet the TSP runs. */
export async function createLimitFor(db: Db, tspId: string, body: LimitBody, by: string, now: Date) {
  const wallet = await ownWallet(db, scopes.spAll(tspId), body.walletId, 'walletId');
  const problems: Array<{ parameter: string; message: string }> = [];
  if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (!new Dec(body.limit).gt(0)) problems.push({ parameter: 'limit', message: 'must be more than zero' });
  if (body.validTo < body.validFrom) problems.push({ parameter: 'validTo', message: 'must not be before validFrom' });
  if (body.status !== undefined && !GRANTABLE_LIMIT_STATUSES.has(body.status)) {
    problems.push({ parameter: 'status', message: 'a new credit limit is ACTIVE or SCHEDULED' });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  await assertAmountFits(db, body.limit, body.currency, 'limit');
  const row = await inTransaction(db, async (tx) =>
    grantCreditLimit(
      tx,
      {
        walletId: wallet.id,
        tspId,
        currency: body.currency,
        limit: body.limit,
        validFrom: body.validFrom,
        validTo: body.validTo,
        merchantId: wallet.merchantServiceId,
        ...(body.status !== undefined ? { status: body.status } : {}),
        createdBy: by,
      },
      now,
    ),
  );
  return limitDto(db, row);
}

/** Operations set a limit for a TSP: the TSP must exist, the wallet must be one it runs. */
export async function createLimitForTsp(db: Db, tspId: string, body: LimitBody, by: string, now: Date) {
  await ownServiceProvider(db, null, tspId, 'tspId');
  return createLimitFor(db, tspId, body, by, now);
}

/** A TSP changes one of its limits; the wallet and currency stay. */
export async function updateLimitOf(db: Db, tenant: SpTenant, id: string, body: Partial<LimitBody>, by: string, now: Date) {
  const row = await creditLimitIn(db, id, eq(creditLimits.tspId, tenant.serviceProviderId));
  if (body.walletId !== undefined && body.walletId !== row.walletId) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'a credit limit stays on its wallet' }]);
  }
  if (body.currency !== undefined && body.currency !== row.currency) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currency', message: `must stay ${row.currency}` }]);
  }
  return limitDto(db, await changeCreditLimit(db, row, body, by, now));
}

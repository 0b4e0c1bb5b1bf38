import { v7 as uuidv7 } from 'uuid';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { accountingConfigs, bankAccounts, walletPositions, walletStatusChanges, wallets } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { ensureLedgerAccount } from '../ledger/ledger-service.ts';
import { defaultAccounts } from '../ledger/tsp-account-service.ts';
import type { WalletRow } from './wallet-types.ts';
import { ownWallet, scopes } from '../tenant/wallet-scope.ts';

export interface NewWallet {
  alias: string;
  type: 'SETTLEMENT' | 'PAYMENT';
  status?: 'ACTIVE' | 'INACTIVE';
  serviceProviderId: string;
  merchantServiceId?: string | null;
  currencyCode: string;
  countryCode: string;
  bankCode?: string | null;
  bankAccountId?: string | null;
  spWalletId?: string | null;
  accountCategoryId?: string | null;
  walletAccountNumber?: string | null;
  coveringModel?: string | null;
  pricingModel?: string | null;
  isDippingAllowed?: boolean;
  dippedWalletId?: string | null;
  linkedWalletTspId?: string | null;
  vpa?: string | null;
  createdBy?: string | null;
}

/**
 * Opens a wallet: the row, its ledger account, an empty running position and the accounting config
 * it starts with (its own account plus the TSP's pool, transit and charges accounts in its currency).
 */
export async function openWallet(db: Tx, input: NewWallet, now: Date): Promise<WalletRow> {
  const id = uuidv7();
  const prefix = input.merchantServiceId ? 'MW' : 'SW';
  const ledgerCode = `${prefix}-${id.replace(/-/g, '').slice(-14).toUpperCase()}`;
  let iban: string | null = null;
  let bic: string | null = null;
  if (input.bankAccountId) {
    const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, input.bankAccountId));
    if (!account) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'bankAccountId', message: 'no such bank account' }]);
    iban = account.iban;
    bic = account.bic;
  }
  const [row] = await db
    .insert(wallets)
    .values({
      id,
      alias: input.alias,
      walletAccountNumber: input.walletAccountNumber ?? ledgerCode,
      type: input.type,
      status: input.status ?? 'ACTIVE',
      serviceProviderId: input.serviceProviderId,
      merchantServiceId: input.merchantServiceId ?? null,
      currencyCode: input.currencyCode,
      countryCode: input.countryCode,
      bankCode: input.bankCode ?? null,
      bankAccountId: input.bankAccountId ?? null,
      iban,
      bic,
      spWalletId: input.spWalletId ?? null,
      accountCategoryId: input.accountCategoryId ?? null,
      coveringModel: input.coveringModel ?? null,
      pricingModel: input.pricingModel ?? null,
      isDippingAllowed: input.isDippingAllowed ?? false,
      dippedWalletId: input.dippedWalletId ?? null,
      linkedWalletTspId: input.linkedWalletTspId ?? null,
      vpa: input.vpa ?? null,
      ledgerCode,
      createdBy: input.createdBy ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  await ensureLedgerAccount(db, {
    code: ledgerCode,
    name: `${input.alias} (${input.currencyCode})`,
    currencyCode: input.currencyCode,
    tspId: input.serviceProviderId,
    walletId: id,
    kind: input.merchantServiceId ? 'MERCHANT_WALLET' : 'TSP_WALLET',
  });
  await db.insert(walletPositions).values({ walletId: id, updatedAt: now }).onConflictDoNothing();
  await db.insert(accountingConfigs).values({
    id: uuidv7(),
    walletId: id,
    merchantId: input.merchantServiceId ?? null,
    tspId: input.serviceProviderId,
    ledgerCode,
    ledgerCcy: input.currencyCode,
    accounts: await defaultAccounts(db, input.serviceProviderId, ledgerCode, input.currencyCode),
    createdAt: now,
  });
  return row;
}

type WalletPatch = {
  alias?: string | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  statusReason?: string | undefined;
  isDippingAllowed?: boolean | undefined;
  dippedWalletId?: string | null | undefined;
  coveringModel?: string | undefined;
  pricingModel?: string | undefined;
};

/** Wallets a wallet may dip into: those of the same owner (the same merchant, or the TSP's own). */
function dippableScope(row: WalletRow) {
  return row.merchantServiceId ? scopes.merchant(row.merchantServiceId) : scopes.spOwn(row.serviceProviderId);
}

/**
 * Changes a wallet. A status change is a decision over the money the wallet holds, so it needs a reason and
 * is recorded (who, when, from, to, why) in the same transaction as the change; the wallet keeps the last one.
 */
export async function updateWallet(db: Db, row: WalletRow, body: WalletPatch, now: Date, by?: string): Promise<WalletRow> {
  if (body.dippedWalletId) await ownWallet(db, dippableScope(row), body.dippedWalletId, 'dippedWalletId');
  const statusChange = body.status !== undefined && body.status !== row.status ? body.status : null;
  if (statusChange !== null && !body.statusReason) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'statusReason', message: 'statusReason is required to change the status' }]);
  }
  const patch: Partial<typeof wallets.$inferInsert> = { updatedAt: now };
  for (const key of ['alias', 'isDippingAllowed', 'dippedWalletId', 'coveringModel', 'pricingModel'] as const) {
    if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
  }
  if (statusChange === null || !body.statusReason) {
    const [updated] = await db.update(wallets).set(patch).where(eq(wallets.id, row.id)).returning();
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  }
  if (!by) throw new Error('a status change needs the user who makes it');
  const reason = body.statusReason;
  return inTransaction(db, async (tx) => {
    // The status it changes from is read under the row lock, so concurrent changes record a true history.
    const [current] = await tx.select({ status: wallets.status }).from(wallets).where(eq(wallets.id, row.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== statusChange) {
      Object.assign(patch, { status: statusChange, statusChangedBy: by, statusChangedAt: now, statusReason: reason });
      await tx.insert(walletStatusChanges).values({
        id: uuidv7(),
        walletId: row.id,
        fromStatus: current.status,
        toStatus: statusChange,
        reason,
        changedBy: by,
        changedAt: now,
      });
    }
    const [updated] = await tx.update(wallets).set(patch).where(eq(wallets.id, row.id)).returning();
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  });
}

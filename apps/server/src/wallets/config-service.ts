import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { accountingConfigBody, accountingConfigFilter, walletConfigBody, walletConfigFilter } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { accountingConfigs, ledgerAccounts, walletConfigs, wallets, type AccountingAccounts, type LedgerPair } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { accountingConfigDto, walletConfigDto } from './config-dto.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import type { WalletRow } from './wallet-types.ts';
import { ownWallet, walletIn } from '../tenant/wallet-scope.ts';
import { amountProblem } from '../lib/amount-fit.ts';

type WalletConfigFilter = z.output<typeof walletConfigFilter>;
type WalletConfigBody = z.output<typeof walletConfigBody>;
type AccountingConfigFilter = z.output<typeof accountingConfigFilter>;
type AccountingConfigBody = z.output<typeof accountingConfigBody>;

/** Wallets in scope, as a subquery: configs are scoped through the wallet they belong to. */
const walletIdsIn = (scope: SQL | undefined) => sql`(select ${wallets.id} from ${wallets} ${scope ? sql`where ${scope}` : sql``})`;

const walletConfigResource: ResourceSpec<typeof walletConfigs, WalletConfigFilter> = {
  table: walletConfigs,
  filters: {
    ids: (ids) => inArray(walletConfigs.id, ids),
    msWalletIds: (ids) => inArray(walletConfigs.msWalletId, ids),
    walletIds: (ids) => inArray(walletConfigs.walletId, ids),
    coveringModels: (m) => inArray(walletConfigs.coveringModel, m),
    transactionCategories: (c) => inArray(walletConfigs.transactionCategory, c),
  },
  sortKeys: { transactionCategory: walletConfigs.transactionCategory, createdAt: walletConfigs.createdAt, walletId: walletConfigs.walletId },
  defaultSort: [asc(walletConfigs.walletId), asc(walletConfigs.transactionCategory)],
};

export async function listWalletConfigs(db: Db, scope: SQL | undefined, q: WalletConfigFilter) {
  const page = await listResource(db, walletConfigResource, q, inArray(walletConfigs.walletId, walletIdsIn(scope)));
  return { ...page, content: page.content.map(walletConfigDto) };
}

export async function walletConfigIn(db: Db, id: string, scope: SQL | undefined) {
  const [row] = await db
    .select()
    .from(walletConfigs)
    .where(and(eq(walletConfigs.id, id), inArray(walletConfigs.walletId, walletIdsIn(scope))));
  if (!row) throw new AppError('NOT_FOUND', `No wallet config ${id}`);
  return row;
}

export async function walletConfigByCategory(db: Db, walletId: string, category: string, scope: SQL | undefined) {
  await walletIn(db, walletId, scope);
  const [row] = await db
    .select()
    .from(walletConfigs)
    .where(and(eq(walletConfigs.walletId, walletId), eq(walletConfigs.transactionCategory, category)));
  if (!row) throw new AppError('NOT_FOUND', `No config of wallet ${walletId} for ${category}`);
  return walletConfigDto(row);
}

function configValues(body: WalletConfigBody) {
  return {
    walletId: body.walletId,
    msWalletId: body.msWalletId ?? null,
    transactionCategory: body.transactionCategory,
    coveringModel: body.coveringModel ?? null,
    enabled: body.enabled,
    minAmount: body.minAmount ?? null,
    maxAmount: body.maxAmount ?? null,
    dailyLimit: body.dailyLimit ?? null,
    autoApprove: body.autoApprove ?? false,
  };
}

export async function saveWalletConfig(db: Db, scope: SQL | undefined, body: WalletConfigBody, existingId: string | null, caller: string, now: Date) {
  const wallet = await ownWallet(db, scope, body.walletId, 'walletId');
  // Thresholds are amounts of the wallet's currency: held to its decimals like any amount.
  const problems = [];
  for (const field of ['minAmount', 'maxAmount', 'dailyLimit'] as const) {
    const value = body[field];
    const problem = value === undefined ? null : await amountProblem(db, value, wallet.currencyCode, field);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  if (body.msWalletId) await ownWallet(db, scope, body.msWalletId, 'msWalletId');
  if (existingId) {
    await walletConfigIn(db, existingId, scope);
    const [row] = await db
      .update(walletConfigs)
      .set({ ...configValues(body), updatedAt: now })
      .where(eq(walletConfigs.id, existingId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return walletConfigDto(row);
  }
  const [row] = await db
    .insert(walletConfigs)
    .values({ id: uuidv7(), ...configValues(body), createdBy: caller, createdAt: now })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return walletConfigDto(row);
}

export async function deleteWalletConfig(db: Db, id: string, scope: SQL | undefined): Promise<void> {
  const row = await walletConfigIn(db, id, scope);
  await db.delete(walletConfigs).where(eq(walletConfigs.id, row.id));
}

const accountingResource: ResourceSpec<typeof accountingConfigs, AccountingConfigFilter> = {
  table: accountingConfigs,
  filters: {
    merchantId: (id) => eq(accountingConfigs.merchantId, id),
    walletId: (id) => eq(accountingConfigs.walletId, id),
    ledgerCode: (c) => eq(accountingConfigs.ledgerCode, c),
    ledgerCcy: (c) => eq(accountingConfigs.ledgerCcy, c),
  },
  sortKeys: {
    walletId: accountingConfigs.walletId,
    ledgerCode: accountingConfigs.ledgerCode,
    ledgerCcy: accountingConfigs.ledgerCcy,
    createdAt: accountingConfigs.createdAt,
  },
  defaultSort: [asc(accountingConfigs.walletId)],
};

export async function listAccountingConfigs(db: Db, scope: SQL | undefined, q: AccountingConfigFilter) {
  const page = await listResource(db, accountingResource, q, inArray(accountingConfigs.walletId, walletIdsIn(scope)));
  return { ...page, content: page.content.map(accountingConfigDto) };
}

export async function accountingConfigOf(db: Db, walletId: string, scope: SQL | undefined) {
  await walletIn(db, walletId, scope);
  const [row] = await db.select().from(accountingConfigs).where(eq(accountingConfigs.walletId, walletId));
  if (!row) throw new AppError('NOT_FOUND', `No accounting config of wallet ${walletId}`);
  return accountingConfigDto(row);
}

/**
 * A ledger code an accounting config names: an account of the wallet's own TSP and, if it is a
 * wallet's account, a wallet the caller may use. Postings follow these codes, so a foreign one
 * (another TSP's pool, another merchant's wallet) is a 404 naming the field.
 */
async function ownLedgerCode(db: Db, wallet: WalletRow, scope: SQL | undefined, code: string, field: string): Promise<void> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  const usable =
    account !== undefined &&
    account.tspId === wallet.serviceProviderId &&
    (account.walletId === null ||
      (
        await db
          .select({ id: wallets.id })
          .from(wallets)
          .where(scope ? and(eq(wallets.id, account.walletId), scope) : eq(wallets.id, account.walletId))
      ).length > 0);
  if (!usable) throw foreignId(field, 'ledger account', code);
}

/** Creates or updates the accounting config of a wallet (the POST of both sides). */
export async function upsertAccountingConfig(db: Db, scope: SQL | undefined, body: AccountingConfigBody, caller: string, now: Date) {
  const wallet = await ownWallet(db, scope, body.walletId, 'walletId');
  if (body.merchantId !== undefined && body.merchantId !== wallet.merchantServiceId) throw foreignId('merchantId', 'merchant service', body.merchantId);
  if (body.ledgerCcy !== wallet.currencyCode) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'ledgerCcy', message: `must be the wallet currency ${wallet.currencyCode}` }]);
  }
  const { walletId: _walletId, merchantId: _merchantId, ledgerCode, ledgerCcy, wallet: walletPair, ...rest } = body;
  const accounts: AccountingAccounts = { wallet: walletPair ?? { ledgerCode, ledgerCcy } };
  for (const [key, pair] of Object.entries(rest)) {
    if (pair !== undefined) (accounts as unknown as Record<string, unknown>)[key] = pair;
  }
  await ownLedgerCode(db, wallet, scope, ledgerCode, 'ledgerCode');
  for (const [key, pair] of Object.entries(accounts) as Array<[string, LedgerPair | undefined]>) {
    if (pair && !(key === 'wallet' && pair.ledgerCode === ledgerCode)) await ownLedgerCode(db, wallet, scope, pair.ledgerCode, `${key}.ledgerCode`);
  }
  // One statement: the first save inserts, a later one merges its accounts into the stored ones (jsonb `||`),
  // so two saves at once neither meet the unique index nor lose each other's accounts.
  const [row] = await db
    .insert(accountingConfigs)
    .values({
      id: uuidv7(),
      walletId: wallet.id,
      merchantId: wallet.merchantServiceId,
      tspId: wallet.serviceProviderId,
      ledgerCode,
      ledgerCcy,
      accounts,
      createdBy: caller,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: accountingConfigs.walletId,
      set: { ledgerCode, ledgerCcy, accounts: sql`accounting_configs.accounts || excluded.accounts`, updatedAt: now },
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return accountingConfigDto(row);
}

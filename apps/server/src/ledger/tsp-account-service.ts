import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { afterCommit, databaseOf } from '../db/transaction.ts';
import { accountingConfigs, organisations, type AccountingAccounts, type LedgerPair } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { ensureLedgerAccount } from './ledger-service.ts';

/** The internal accounts a TSP books against in each currency (not wallets: no position). */
const TSP_ACCOUNT_KINDS = {
  poolAccount: ['POOL', 'Pool account'],
  transitAccount: ['TRN', 'Transit account'],
  chargesAccount: ['CHG', 'Charges income'],
  rebateIncome: ['RBI', 'Rebate income'],
  roundOff: ['RND', 'Round-off'],
  fxPremiumReceivable: ['FXP', 'FX premium receivable'],
  unclaimedFund: ['UNC', 'Unclaimed fund'],
  /** Off-balance memo account: credit lines granted to wallets. */
  creditLines: ['CRL', 'Credit lines granted'],
  /** Base-currency carrying-value adjustment of the TSP's foreign-currency wallets (currency revaluation). */
  revaluationAdjustment: ['RVA', 'Revaluation adjustment'],
  /** Unrealised gain or loss of currency revaluation: credit is a gain, debit a loss. */
  revaluationGainLoss: ['RVL', 'Revaluation gain/loss'],
  /** Memo account against which transfers awaiting approval hold their source amount. */
  transactionsPendingAuthorisation: ['TPA', 'Transactions pending authorisation'],
  /** The margin of a conversion against the interbank rate. */
  dealProfit: ['DPR', 'Deal profit'],
} as const;
export type TspAccountKind = keyof typeof TSP_ACCOUNT_KINDS;
/** Kinds a wallet's accounting config may name; the memo and revaluation accounts are the TSP's alone. */
type WalletBookingKind = Exclude<
  TspAccountKind,
  'creditLines' | 'revaluationAdjustment' | 'revaluationGainLoss' | 'transactionsPendingAuthorisation' | 'dealProfit'
>;

export interface TspAccount {
  code: string;
  name: string;
  currency: string;
}

export async function tspCode(db: Db, tspId: string): Promise<{ code: string; name: string }> {
  const [org] = await db.select({ code: organisations.code, name: organisations.name }).from(organisations).where(eq(organisations.id, tspId));
  if (!org) throw new AppError('NOT_FOUND', `No service provider ${tspId}`);
  return org;
}

/**
 * Accounts already opened, per database (a transaction counts as the database it runs on): ledger
 * accounts are never deleted, so once opened they need no second round trip on any post.
 */
const opened = new WeakMap<Queryable, Map<string, TspAccount>>();
/**
 * Accounts opened inside a transaction still open, seen by that transaction only: a long one (the demo seed
 * posts its whole history in one) would otherwise read the TSP and insert the account again on every post.
 */
const openedHere = new WeakMap<Queryable, Map<string, TspAccount>>();

/** The TSP's account of a kind in a currency, opened on first use. */
export async function tspAccount(db: Db, tspId: string, kind: TspAccountKind, currency: string): Promise<TspAccount> {
  const key = `${tspId}|${kind}|${currency}`;
  const known = opened.get(databaseOf(db))?.get(key) ?? openedHere.get(db)?.get(key);
  if (known) return known;
  const org = await tspCode(db, tspId);
  const [prefix, label] = TSP_ACCOUNT_KINDS[kind];
  const account = { code: `${prefix}-${org.code}-${currency}`, name: `${org.name} ${label} ${currency}`, currency };
  await ensureLedgerAccount(db, { code: account.code, name: account.name, currencyCode: currency, tspId, kind });
  const here = openedHere.get(db) ?? new Map<string, TspAccount>();
  here.set(key, account);
  openedHere.set(db, here);
  // Remembered only once committed: a post refused after opening the account rolls the account back too.
  afterCommit(db, () => {
    const cache = opened.get(databaseOf(db)) ?? new Map<string, TspAccount>();
    cache.set(key, account);
    opened.set(databaseOf(db), cache);
  });
  return account;
}

/** A configured account of the wallet's accounting config wins over the TSP default. */
export async function bookingAccount(db: Db, walletId: string, tspId: string, kind: WalletBookingKind, currency: string): Promise<TspAccount> {
  return (await walletBookings(db, walletId, tspId))(kind, currency);
}

/** A wallet's accounting config, read by every posting that books against its accounts: built once. */
const accountingConfigOf = statement((q) =>
  q
    .select()
    .from(accountingConfigs)
    .where(eq(accountingConfigs.walletId, sql.placeholder('walletId'))),
);

/**
 * The accounts one wallet books against, its accounting config read once: a posting that names several
 * kinds of the same wallet (pool, charges...) needs one read, not one per kind.
 */
async function walletBookings(db: Db, walletId: string, tspId: string): Promise<WalletBooks> {
  const [config] = await accountingConfigOf(db, { walletId });
  return bookingsOf(db, config?.accounts, tspId);
}

export type WalletBooks = (kind: WalletBookingKind, currency: string) => Promise<TspAccount>;

/** The accounts of a wallet whose accounting config the caller read already (with the wallet, in one statement). */
export const bookingsOf =
  (db: Db, accounts: AccountingAccounts | undefined, tspId: string): WalletBooks =>
  (kind, currency) =>
    configuredOrDefault(db, accounts, tspId, kind, currency);

async function configuredOrDefault(
  db: Db,
  accounts: AccountingAccounts | undefined,
  tspId: string,
  kind: WalletBookingKind,
  currency: string,
): Promise<TspAccount> {
  const pair = accounts?.[kind] as LedgerPair | undefined;
  if (pair && pair.ledgerCcy === currency) {
    const fallback = await tspAccount(db, tspId, kind, currency);
    return { code: pair.ledgerCode, name: pair.ledgerCode === fallback.code ? fallback.name : `${TSP_ACCOUNT_KINDS[kind][1]} ${pair.ledgerCode}`, currency };
  }
  return tspAccount(db, tspId, kind, currency);
}

/** The accounting config a new wallet starts with: its own account plus the TSP defaults. */
export async function defaultAccounts(db: Db, tspId: string, ledgerCode: string, currency: string): Promise<AccountingAccounts> {
  const pair = async (kind: WalletBookingKind): Promise<LedgerPair> => {
    const account = await tspAccount(db, tspId, kind, currency);
    return { ledgerCode: account.code, ledgerCcy: currency };
  };
  return {
    wallet: { ledgerCode, ledgerCcy: currency },
    transitAccount: await pair('transitAccount'),
    chargesAccount: await pair('chargesAccount'),
    poolAccount: await pair('poolAccount'),
    rebateIncome: await pair('rebateIncome'),
    roundOff: await pair('roundOff'),
    fxPremiumReceivable: await pair('fxPremiumReceivable'),
    unclaimedFund: await pair('unclaimedFund'),
  };
}

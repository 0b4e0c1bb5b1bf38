import { count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Dec } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { currencies, walletConfigs, wallets } from '../db/schema.ts';
import { createCreditRequest, decideCreditRequest } from '../credit/credit-service.ts';
import { post, type PostingLine } from '../ledger/ledger-service.ts';
import { refreshRecords } from '../ledger/records.ts';
import { RECORD_KINDS } from '../db/schema.ts';
import { tspAccount } from '../ledger/tsp-account-service.ts';
import type { WalletRow } from '../wallets/wallet-types.ts';
import { openWallet } from '../wallets/wallet-service.ts';
import { MERCHANTS, SERVICE_PROVIDERS } from './demo-organisations.ts';
import { accountBank, openDemoBankAccount, restartDemoAccounts, walletCountry } from './demo-accounts.ts';
import { seededRandom } from '../lib/seeded-random.ts';
import { demoRateToUsd } from './demo-revaluation.ts';

const TSP_BANKS: Record<string, string> = { ATLAS: 'ATLSAEAD', MERIDIAN: 'MRDNGB2L' };
/**
 * The TSP accounts opened per currency, each with the spec's category for it (spec 3: 100 correspondent
 * settlement ... 999 others): the nostro is the account correspondents settle through (100), the vostro
 * is 600, the TSP's own pool 500, and the merchant settlement account, where merchants' funds are pooled
 * for settlement, the spec's second pool (700). See docs/decisions.md.
 * @internal
 */
export const TSP_ACCOUNTS: Array<[category: string, label: string]> = [
  ['100', 'Nostro'],
  ['600', 'Vostro'],
  ['700', 'Merchant settlement'],
  ['500', 'Pool'],
];
/** Category of the TSP account merchant wallets settle into. */
const MERCHANT_SETTLEMENT_CATEGORY = '700';
const HISTORY_DAYS = 182;
const DAY_MS = 86_400_000;

interface Seeder {
  db: Tx;
  now: Date;
  random: () => number;
  dp: Map<string, number>;
}

/** A USD-sized amount expressed in a wallet currency, rounded to its decimals. */
function amountIn(s: Seeder, currency: string, minUsd: number, maxUsd: number): string {
  const usd = minUsd + s.random() * (maxUsd - minUsd);
  return new Dec(usd)
    .div(demoRateToUsd(currency))
    .toDecimalPlaces(s.dp.get(currency) ?? 2)
    .toFixed();
}

function walletLine(w: WalletRow, side: 'D' | 'C', amount: string, description: string): PostingLine {
  return {
    accountCode: w.ledgerCode,
    accountName: w.alias,
    currency: w.currencyCode,
    side,
    amount,
    walletId: w.id,
    bucket: 'balance',
    description1: description,
  };
}

async function accountLine(
  s: Seeder,
  tspId: string,
  kind: 'transitAccount' | 'poolAccount' | 'chargesAccount',
  currency: string,
  side: 'D' | 'C',
  amount: string,
): Promise<PostingLine> {
  const account = await tspAccount(s.db, tspId, kind, currency);
  return { accountCode: account.code, accountName: account.name, currency, side, amount };
}

let sequence = 0;
function txId(prefix: string, at: Date): string {
  sequence += 1;
  return `${prefix}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${String(sequence).padStart(5, '0')}`;
}

/** Merchant history: top-ups, sweeps to settlement, payouts and fees, oldest first, never overdrawn. */
async function seedMerchantHistory(s: Seeder, payment: WalletRow, settlement: WalletRow | undefined): Promise<void> {
  const events: Array<{ at: Date; kind: 'TOPUP' | 'PAYOUT' | 'TRANSFER' }> = [];
  for (let i = 0; i < 7; i += 1) events.push({ at: new Date(s.now.getTime() - s.random() * HISTORY_DAYS * DAY_MS), kind: 'TOPUP' });
  for (let i = 0; i < 8; i += 1) events.push({ at: new Date(s.now.getTime() - s.random() * (HISTORY_DAYS - 5) * DAY_MS), kind: 'PAYOUT' });
  if (settlement) for (let i = 0; i < 3; i += 1) events.push({ at: new Date(s.now.getTime() - s.random() * (HISTORY_DAYS - 10) * DAY_MS), kind: 'TRANSFER' });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  const ccy = payment.currencyCode;
  const tspId = payment.serviceProviderId;
  const balances = new Map<string, InstanceType<typeof Dec>>([
    [payment.id, new Dec(0)],
    [settlement?.id ?? '', new Dec(0)],
  ]);
  const base = { tspId, merchantId: payment.merchantServiceId, tspWalletId: payment.spWalletId };
  for (const event of events) {
    const have = balances.get(payment.id) ?? new Dec(0);
    if (event.kind === 'TOPUP') {
      const amount = amountIn(s, ccy, 8_000, 60_000);
      await post(
        s.db,
        {
          ...base,
          category: 'TOPUP',
          transactionType: 'TOPUP',
          transactionId: txId('TU', event.at),
          msWalletId: payment.id,
          postedAt: event.at,
          lines: [await accountLine(s, tspId, 'transitAccount', ccy, 'D', amount), walletLine(payment, 'C', amount, 'Top-up received')],
        },
        event.at,
      );
      balances.set(payment.id, have.plus(amount));
    } else if (event.kind === 'PAYOUT') {
      const amount = amountIn(s, ccy, 1_000, 12_000);
      const fee = amountIn(s, ccy, 5, 40);
      if (have.lt(new Dec(amount).plus(fee))) continue;
      const transactionId = txId('PO', event.at);
      await post(
        s.db,
        {
          ...base,
          category: 'PAYOUT',
          transactionType: 'PAYOUT',
          transactionId,
          msWalletId: payment.id,
          postedAt: event.at,
          lines: [walletLine(payment, 'D', amount, 'Payout to beneficiary'), await accountLine(s, tspId, 'poolAccount', ccy, 'C', amount)],
        },
        event.at,
      );
      await post(
        s.db,
        {
          ...base,
          category: 'PAYOUT',
          subCategory: 'FEE',
          transactionType: 'FEE',
          transactionId,
          msWalletId: payment.id,
          postedAt: new Date(event.at.getTime() + 1000),
          lines: [walletLine(payment, 'D', fee, 'Payout fee'), await accountLine(s, tspId, 'chargesAccount', ccy, 'C', fee)],
        },
        new Date(event.at.getTime() + 1000),
      );
      balances.set(payment.id, have.minus(amount).minus(fee));
    } else if (settlement) {
      const amount = have.div(4).toDecimalPlaces(s.dp.get(ccy) ?? 2, Dec.ROUND_DOWN);
      if (amount.lte(0)) continue;
      await post(
        s.db,
        {
          ...base,
          category: 'TRANSFER',
          transactionType: 'TRANSFER',
          transactionId: txId('TR', event.at),
          msWalletId: payment.id,
          postedAt: event.at,
          lines: [
            walletLine(payment, 'D', amount.toFixed(), 'Sweep to settlement wallet'),
            walletLine(settlement, 'C', amount.toFixed(), 'Sweep from payment wallet'),
          ],
        },
        event.at,
      );
      balances.set(payment.id, have.minus(amount));
    }
  }
}

/**
 * Credit requests of a merchant wallet: one in each status, spread over the last weeks as a TSP would
 * have handled them, the approved one with its limit posted on the day it was approved.
 */
async function seedCreditRequests(s: Seeder, wallet: WalletRow, userId: string): Promise<void> {
  const ago = (days: number) => new Date(s.now.getTime() - days * DAY_MS);
  const day = (offset: number) => new Date(s.now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const request = async (usd: number, daysAgo: number, validFrom: number) =>
    createCreditRequest(
      s.db,
      {
        wallet,
        amount: amountIn(s, wallet.currencyCode, usd, usd * 1.5),
        currency: wallet.currencyCode,
        validFrom: day(validFrom),
        validTo: day(150),
        allocationMode: 'WALLET',
        remarks: 'Working capital for seasonal orders',
        createdBy: userId,
      },
      ago(daysAgo),
    );
  const approved = await request(10_000, 35, -33);
  const verifying = await decideCreditRequest(s.db, approved, { status: 'IN_VERIFICATION' }, 'seed', ago(34));
  await decideCreditRequest(s.db, verifying, { status: 'APPROVED', remarks: 'Approved against trade history' }, 'seed', ago(33));
  const rejected = await request(200_000, 20, -18);
  await decideCreditRequest(s.db, rejected, { status: 'REJECTED', remarks: 'Amount exceeds the exposure allowed for this merchant' }, 'seed', ago(18));
  const inVerification = await request(5_000, 6, 0);
  await decideCreditRequest(s.db, inVerification, { status: 'IN_VERIFICATION' }, 'seed', ago(5));
  await request(3_000, 2, 0);
}

/**
 * Wallets of every demo TSP and merchant with ~6 months of history, all posted through the ledger so
 * positions and statements come from real vouchers. Runs once: a database with wallets is left alone.
 */
export async function seedDemoWallets(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(wallets);
  if ((existing?.n ?? 0) > 0) return 0;
  // One transaction: all or nothing, and far fewer commits on PGlite.
  return inTransaction(db, async (tx) => seedAll(tx, orgs, now));
}

async function seedAll(db: Tx, orgs: Map<string, string>, now: Date): Promise<number> {
  const dpRows = await db.select({ code: currencies.code, dp: currencies.dp }).from(currencies);
  const s: Seeder = { db, now, random: seededRandom(20261122), dp: new Map(dpRows.map((r) => [r.code, r.dp])) };
  sequence = 0;
  restartDemoAccounts();
  // Accounts were opened the day before the history starts.
  const opened = new Date(now.getTime() - (HISTORY_DAYS + 1) * DAY_MS);
  const settlementOf = new Map<string, WalletRow>();
  for (const sp of SERVICE_PROVIDERS) {
    const tspId = orgs.get(sp.code);
    if (!tspId) continue;
    for (const ccy of sp.currencyCodes) {
      const countryCode = walletCountry(ccy, sp.countryCode);
      const bankCode = accountBank(TSP_BANKS[sp.code] ?? null, ccy, countryCode);
      for (const [category, label] of TSP_ACCOUNTS) {
        const row = await openWallet(
          db,
          {
            alias: `${sp.name} ${label} ${ccy}`,
            type: 'SETTLEMENT',
            serviceProviderId: tspId,
            currencyCode: ccy,
            countryCode,
            bankCode,
            bankAccountId: await openDemoBankAccount(db, { ownerId: tspId, holder: sp.name, bankCode, currencyCode: ccy, createdAt: opened }),
            accountCategoryId: category,
            coveringModel: category === '100' ? 'PREFUNDED' : null,
            pricingModel: 'STANDARD',
          },
          opened,
        );
        if (category === MERCHANT_SETTLEMENT_CATEGORY) settlementOf.set(`${tspId}|${ccy}`, row);
        // Opening funding of the TSP's own accounts, six months back.
        const at = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
        const amount = amountIn(s, ccy, 2_000_000, 4_000_000);
        await post(
          db,
          {
            category: 'FUNDING',
            transactionType: 'OPENING_BALANCE',
            transactionId: txId('OB', at),
            tspId,
            tspWalletId: row.id,
            postedAt: at,
            lines: [await accountLine(s, tspId, 'transitAccount', ccy, 'D', amount), walletLine(row, 'C', amount, 'Opening balance')],
          },
          at,
        );
      }
    }
  }
  for (const [index, m] of MERCHANTS.entries()) {
    const merchantId = orgs.get(m.code);
    const sp = SERVICE_PROVIDERS.find((p) => p.code === m.parent);
    const tspId = sp ? orgs.get(sp.code) : undefined;
    if (!merchantId || !sp || !tspId) continue;
    const wanted = [...new Set([...m.currencyCodes, 'USD', 'EUR', 'GBP'])].filter((c) => sp.currencyCodes.includes(c));
    let first: WalletRow | undefined;
    for (const [i, ccy] of wanted.entries()) {
      const spWallet = settlementOf.get(`${tspId}|${ccy}`);
      // A merchant wallet is a sub-account of the TSP's merchant settlement account: same country, same bank.
      const countryCode = spWallet?.countryCode ?? walletCountry(ccy, sp.countryCode);
      const bankCode = spWallet?.bankCode ?? accountBank(TSP_BANKS[sp.code] ?? null, ccy, countryCode);
      const common = {
        serviceProviderId: tspId,
        merchantServiceId: merchantId,
        currencyCode: ccy,
        countryCode,
        bankCode,
        spWalletId: spWallet?.id ?? null,
        createdBy: null,
      };
      const account = () => openDemoBankAccount(db, { ownerId: merchantId, holder: m.name, bankCode, currencyCode: ccy, createdAt: opened });
      const payment = await openWallet(
        db,
        { ...common, bankAccountId: await account(), alias: `${m.name} ${ccy} payments`, type: 'PAYMENT', isDippingAllowed: i === 0 },
        opened,
      );
      const settlement =
        i < 2
          ? await openWallet(db, { ...common, bankAccountId: await account(), alias: `${m.name} ${ccy} settlement`, type: 'SETTLEMENT' }, opened)
          : undefined;
      first ??= payment;
      await db.insert(walletConfigs).values(
        ['TOPUP', 'PAYOUT', 'TRANSFER'].map((category) => ({
          id: uuidv7(),
          walletId: payment.id,
          transactionCategory: category,
          coveringModel: 'PREFUNDED',
          enabled: true,
          minAmount: '1',
          maxAmount: amountIn(s, ccy, 250_000, 250_000),
          dailyLimit: amountIn(s, ccy, 500_000, 500_000),
          autoApprove: category === 'TOPUP',
          createdAt: opened,
        })),
      );
      await seedMerchantHistory(s, payment, settlement);
    }
    // Half of the merchants carry credit requests in every status.
    if (first && index % 2 === 0) await seedCreditRequests(s, first, 'seed');
  }
  // The record views start filled, as after a nightly refresh.
  for (const sp of SERVICE_PROVIDERS) {
    const tspId = orgs.get(sp.code);
    if (!tspId) continue;
    for (const kind of RECORD_KINDS) await refreshRecords(db, tspId, kind, {}, now);
  }
  const [walletCount] = await db.select({ n: count() }).from(wallets).where(eq(wallets.status, 'ACTIVE'));
  return walletCount?.n ?? 0;
}

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page, dealPosition, dealPositionFilter } from '@corridor/api';
import { DEAL_POSITION_FIGURES, Dec, type DealType, type DecimalValue, type TransactionStatus } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { wallets } from '../db/schema.ts';
import { ownServiceProvider } from '../organisations/organisation-service.ts';
import { pageOfRows } from '../http/paging.ts';
import { quoteTerms } from '../quotes/quote-service.ts';
import { transferLegs } from '../transactions/transaction-access-service.ts';
import { ownWallet } from '../tenant/wallet-scope.ts';

export type DealPositionQuery = Partial<Omit<z.output<typeof dealPositionFilter>, 'page' | 'size' | 'sort'>>;
type PagedQuery = z.output<typeof dealPositionFilter>;
type DealPosition = z.infer<typeof dealPosition>;

/** A transfer still alive for the positions: rejected, cancelled and failed ones released their hold and count nowhere. */
const LIVE: TransactionStatus[] = ['PENDING', 'PROCESSING', 'COMPLETED'];
const SORTABLE = ['walletId', 'valueDate', 'dealType', 'currency'] as const;

/** One wallet's legs of one status on one value date and deal type, summed by SQL. */
interface LegSum {
  walletId: string;
  currency: string;
  valueDate: string;
  dealType: DealType;
  status: TransactionStatus;
  /** Incoming: the target amount; outgoing: the source amount. */
  amount: string;
  /** Outgoing only: source amount + fees, what the ledger holds in pendingAuthorization. */
  hold: string;
}

const FIGURES = DEAL_POSITION_FIGURES;
type Figure = (typeof FIGURES)[number];
type Sums = Record<Figure, DecimalValue>;

const zeros = (): Sums => Object.fromEntries(FIGURES.map((f) => [f, new Dec(0)])) as Sums;

/**
 * The legs of quoted transfers (a deal has a quote: its deal type) on the wallets the caller may see, one
 * query per direction: the wallet filter lands on the joined wallet, so another TSP's legs never come back.
 */
async function legSums(db: Db, scope: SQL | undefined, q: DealPositionQuery): Promise<Array<LegSum & { incoming: boolean }>> {
  const t = transferLegs;
  const read = async (incoming: boolean) => {
    const walletCol = incoming ? t.targetWalletId : t.sourceWalletId;
    const preds: SQL[] = [inArray(t.status, LIVE), sql`${t.valueDate} is not null`];
    if (scope) preds.push(scope);
    if (q.walletId) preds.push(eq(wallets.id, q.walletId));
    if (q.currency) preds.push(eq(wallets.currencyCode, q.currency.toUpperCase()));
    if (q.valueDate) preds.push(eq(t.valueDate, q.valueDate.slice(0, 10)));
    if (q.dealType) preds.push(eq(quoteTerms.dealType, q.dealType));
    const rows = await db
      .select({
        walletId: wallets.id,
        currency: wallets.currencyCode,
        valueDate: sql<string>`${t.valueDate}`,
        dealType: quoteTerms.dealType,
        status: t.status,
        amount: sql<string>`sum(${incoming ? t.targetAmount : t.sourceAmount})`,
        hold: incoming ? sql<string>`0` : sql<string>`sum(${t.holdAmount})`,
      })
      .from(t)
      .innerJoin(quoteTerms, eq(quoteTerms.id, t.quoteId))
      .innerJoin(wallets, eq(wallets.id, walletCol))
      .where(and(...preds))
      .groupBy(wallets.id, wallets.currencyCode, t.valueDate, quoteTerms.dealType, t.status);
    return rows.map((r) => ({ ...r, amount: String(r.amount), hold: String(r.hold), incoming }));
  };
  const [into, out] = await Promise.all([read(true), read(false)]);
  return [...into, ...out];
}

/**
 * The figures of one leg (docs/decisions.md, "Deal positions"): signed + for money coming into the wallet,
 * - for money leaving it, except the two commitments, which are amounts (what comes in, what is held).
 */
function addLeg(s: Sums, leg: LegSum & { incoming: boolean }, today: string): void {
  const amount = new Dec(leg.amount);
  const net = leg.incoming ? amount : amount.neg();
  const committed = leg.status === 'PENDING' || leg.status === 'PROCESSING';
  if (committed) {
    if (leg.incoming) s.dealCommitFromDealsAmount = s.dealCommitFromDealsAmount.plus(amount);
    else s.dealCommitFromBalanceAmount = s.dealCommitFromBalanceAmount.plus(leg.hold);
    s.openPosition = s.openPosition.plus(net);
  }
  if (leg.status === 'PROCESSING') s.dealAllocated = s.dealAllocated.plus(net);
  if (leg.status === 'COMPLETED') {
    s.dealFixedWithBank = s.dealFixedWithBank.plus(net);
    if (leg.valueDate <= today) {
      s.dealRealisedWithBank = s.dealRealisedWithBank.plus(net);
    } else {
      s.dealPendingWithBank = s.dealPendingWithBank.plus(net);
      s.openPosition = s.openPosition.plus(net);
    }
  }
}

/** Groups legs by `keyOf` into deal position rows, ordered by value date, wallet, currency and deal type. */
function positionsOf(legs: Array<LegSum & { incoming: boolean }>, today: string, byWallet: boolean, walletLabel: string): DealPosition[] {
  const groups = new Map<string, { head: Pick<DealPosition, 'walletId' | 'valueDate' | 'dealType' | 'currency'>; sums: Sums }>();
  for (const leg of legs) {
    const walletId = byWallet ? leg.walletId : walletLabel;
    const key = [leg.valueDate, walletId, leg.currency, leg.dealType].join('|');
    let group = groups.get(key);
    if (!group) {
      group = { head: { walletId, valueDate: leg.valueDate, dealType: leg.dealType, currency: leg.currency }, sums: zeros() };
      groups.set(key, group);
    }
    addLeg(group.sums, leg, today);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => ({ ...g.head, ...(Object.fromEntries(FIGURES.map((f) => [f, g.sums[f].toFixed()])) as Record<Figure, string>) }));
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** dealPositions.list: one row per wallet, value date and deal type; a walletId outside the scope is a 404 naming it. */
export async function listDealPositions(db: Db, scope: SQL, q: PagedQuery, now: Date): Promise<Page<DealPosition>> {
  if (q.walletId) await ownWallet(db, scope, q.walletId, 'walletId');
  return pageOfRows(positionsOf(await legSums(db, scope, q), isoDay(now), true, ''), q, SORTABLE);
}

/** dealPositions.byWallet: the wallet's rows (404 naming walletId when it is not the caller's). */
export async function walletDealPositions(
  db: Db,
  scope: SQL,
  walletId: string,
  q: Pick<DealPositionQuery, 'valueDate' | 'dealType'>,
  now: Date,
): Promise<DealPosition[]> {
  await ownWallet(db, scope, walletId, 'walletId');
  return positionsOf(await legSums(db, scope, { ...q, walletId }), isoDay(now), true, '');
}

/**
 * dealPositions.summary and internalTransactions.dealPositionSummary: the rows totalled across wallets by
 * currency, value date and deal type; walletId is the filtered wallet, or empty when the total spans wallets.
 * Operations (no scope) may narrow to one TSP: an unknown serviceProviderId is a 404 naming it.
 */
export async function dealPositionSummary(
  db: Db,
  scope: SQL | undefined,
  q: DealPositionQuery & { serviceProviderId?: string | undefined },
  now: Date,
): Promise<DealPosition[]> {
  let within = scope;
  if (q.serviceProviderId) {
    // A merchant's (or any other organisation's) id is no TSP: answering it with an empty summary would hide the mistake.
    const { id: tspId } = await ownServiceProvider(db, null, q.serviceProviderId, 'serviceProviderId');
    within = scope ? and(scope, eq(wallets.serviceProviderId, tspId)) : eq(wallets.serviceProviderId, tspId);
  }
  if (q.walletId) await ownWallet(db, within, q.walletId, 'walletId');
  return positionsOf(await legSums(db, within, q), isoDay(now), false, q.walletId ?? '');
}

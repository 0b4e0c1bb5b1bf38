import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { chargeRecord, chargeSummaryRow, chargesFilter } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { rowsOf, type Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { pageAnswer, parseSort } from '../http/paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { chargeIdSql, chargeItemKeySql, chargeRowIdOf, type ChargeTag } from './charge-id.ts';

/** The charge id scheme the settlements that take charges share with the charges reads. */
export { chargeIdOf, chargeItemKey } from './charge-id.ts';

type ChargesQuery = z.output<typeof chargesFilter>;
type ChargeDto = z.input<typeof chargeRecord>;
type ChargeSummaryDto = z.input<typeof chargeSummaryRow>;

/**
 * Which charge lines a call reads: the merchant fee lines (with the rebate and FX premium the TSP owes the
 * merchant) or the correspondent fee lines of a transfer, and whose transfers.
 */
export interface ChargeScope {
  kind: 'merchant' | 'correspondent';
  /** The merchant whose transfers (merchant calls). */
  merchantId?: string | undefined;
  /** The TSP that priced the transfers: the source side, whose charges account the fees were booked to. */
  serviceProviderId?: string | undefined;
}

/*
 * A charge record is one line of a transfer's `merchant_charges` or `correspondent_charges` (priced by its
 * quote and frozen on the transaction), or of a payment (see paymentSources), read in place under the id
 * of charge-id.ts (row id, the source's tag and the line's position), the id settlements take charges by.
 *
 * Only COMPLETED transactions and payments have charges: before completion a charge is a quote (the hold is not income),
 * and a rejected, cancelled or reversed transaction earned nothing (its fee voucher was released or reversed).
 *
 * What each flag means, from the TSP's side:
 * - isMerchant: a line of the merchant fee profile (false: a correspondent fee);
 * - isPayable: the TSP owes it: a correspondent fee (paid on to the correspondent), a rebate or FX premium
 *   (paid to the merchant); a merchant fee is receivable;
 * - isMerchantPayable: the merchant's wallet pays it, i.e. the sender bears it (OUR; SHA puts the merchant fee
 *   on the sender); a BEN charge is borne by the beneficiary, an incentive is paid to the merchant;
 * - isReconciled: the charge's money has moved on the ledger. On completion a transfer's conversion voucher
 *   debits the source wallet every sender-borne (OUR) charge and its tax to the source TSP's charges account,
 *   and keeps every beneficiary-borne (BEN) charge and its tax out of what the target wallet receives, crediting
 *   it to the target TSP's charges account; a payment's fee voucher books its sender-borne charges (its BEN
 *   charges leave with the payout). Such a charge's settlementTransactionId is the transfer (payment) itself and
 *   its settlementDate its value date. Incentives (REBATE, FX_PREMIUM) are paid by the rebate and FX premium
 *   settlements: once one takes a charge (its settlement item), the charge carries that settlement's
 *   settlementTransactionId and date, and is reconciled when the settlement is POSTED (a settlement dated ahead
 *   waits PENDING, nothing paid yet);
 * - walletNetworkId: wallets carry no network yet, so it is null and a walletNetworkIds filter matches nothing.
 * Amounts: `amount` is the fee, `taxAmount` the sum of its tax lines; summaries add both (what moved).
 */
const SENDER_BORNE = sql.raw(`('OUR', 'SHA')`);
/** What a transfer's conversion voucher books: the sender's and the beneficiary's charges. */
const BOOKED_BY_TRANSFER = sql.raw(`('OUR', 'SHA', 'BEN')`);
const OWED_BY_TSP = sql.raw(`('REBATE', 'FX_PREMIUM')`);

/** Where a group of charge lines comes from: a row of transfers or payments and the jsonb array of its lines. */
interface LineSource {
  /** Tag of the source in the charge id (after the row id): `M`/`C` a transfer's lines, `PM`/`PC` a payment's. */
  tag: ChargeTag;
  /** The charge modes the row's own voucher books (the others are settled apart, or not at all). */
  booked: SQL;
  /** FROM clause naming the row `r` and each line `c(line, n)`. */
  from: SQL;
  /** The reference people read (transactionId or paymentId), the value date, and extra conditions. */
  reference: SQL;
  valueDate: SQL;
  mode: SQL;
  tax: SQL;
  where: SQL[];
}

const taxDetails = sql`coalesce((select sum((x->>'amount')::numeric) from jsonb_array_elements(c.line->'tax') x), 0)`;

/**
 * Payments carry charges too: a cross-currency payment the lines of its quote (kept there by merchant and
 * correspondent, the same lines its fee was priced from), a same-currency payment its own fee lines, tagged
 * MERCHANT or CORRESPONDENT and always borne by the sender. A COMPLETED payment's fee voucher credited the
 * sender-borne ones to the charges account, as a transfer's does.
 */
function paymentSources(kind: ChargeScope['kind']): LineSource[] {
  const shared = { reference: sql`r.payment_id`, valueDate: sql`r.value_date` };
  return [
    {
      ...shared,
      tag: kind === 'merchant' ? 'PM' : 'PC',
      booked: SENDER_BORNE,
      from: sql`payments r join quotes q on q.id = r.quote_id cross join lateral jsonb_array_elements(${sql.raw(
        kind === 'merchant' ? 'q.merchant_charges' : 'q.correspondent_charges',
      )}) with ordinality as c(line, n)`,
      mode: sql`coalesce(c.line->>'chargeMode', c.line->>'feeType')`,
      tax: sql`coalesce((c.line->'tax'->>'total')::numeric, 0)`,
      where: [],
    },
    {
      ...shared,
      tag: kind === 'merchant' ? 'PM' : 'PC',
      booked: SENDER_BORNE,
      from: sql`payments r cross join lateral jsonb_array_elements(r.fee_lines) with ordinality as c(line, n)`,
      mode: sql`'OUR'`,
      tax: sql`coalesce((c.line->>'tax')::numeric, 0)`,
      where: [sql`r.quote_id is null`, sql`c.line->>'feeType' = ${kind === 'merchant' ? 'MERCHANT' : 'CORRESPONDENT'}`],
    },
  ];
}

function transferSource(kind: ChargeScope['kind']): LineSource {
  return {
    tag: kind === 'merchant' ? 'M' : 'C',
    booked: BOOKED_BY_TRANSFER,
    from: sql`transactions_v2 r cross join lateral jsonb_array_elements(${sql.raw(
      kind === 'merchant' ? 'r.merchant_charges' : 'r.correspondent_charges',
    )}) with ordinality as c(line, n)`,
    reference: sql`r.transaction_id`,
    valueDate: sql`r.value_date`,
    mode: sql`c.line->>'chargeMode'`,
    tax: taxDetails,
    where: [],
  };
}

function linesOf(source: LineSource, scope: ChargeScope, rowId?: string): SQL {
  const isMerchant = scope.kind === 'merchant';
  const mode = source.mode;
  const payable = isMerchant ? sql`(${mode}) in ${OWED_BY_TSP}` : sql`true`;
  const booked = sql`(${mode}) in ${source.booked}`;
  const id = chargeIdSql(sql`r.id`, source.tag, sql`c.n`);
  const where = [sql`r.status = 'COMPLETED'`, ...source.where];
  if (isMerchant) where.push(sql`r.merchant_id is not null`);
  if (scope.merchantId !== undefined) where.push(sql`r.merchant_id = ${scope.merchantId}`);
  if (scope.serviceProviderId !== undefined) where.push(sql`r.service_provider_id = ${scope.serviceProviderId}`);
  if (rowId !== undefined) where.push(sql`r.id = ${rowId}`);
  return sql`select ${id} as id,
      ${source.reference} as "transactionId",
      ${mode} as "chargeMode",
      c.line->>'currency' as currency,
      (c.line->>'amount')::numeric as amount,
      ${source.tax} as "taxAmount",
      ${payable} as "isPayable",
      ${sql.raw(String(isMerchant))} as "isMerchant",
      (r.merchant_id is not null and (${mode}) in ${SENDER_BORNE}) as "isMerchantPayable",
      (${booked} or coalesce(st.status = 'POSTED', false)) as "isReconciled",
      case when ${booked} then ${source.reference} else st.settlement_transaction_id end as "settlementTransactionId",
      case when ${booked} then ${source.valueDate} else st.settlement_date end as "settlementDate",
      null::text as "walletNetworkId",
      r.merchant_id as "merchantId",
      r.created_at as "createdAt"
    from ${source.from}
      left join settlement_items si on si.item_key = ${chargeItemKeySql(id)}
      left join settlements st on st.id = si.settlement_id
    where ${sql.join(where, sql` and `)}`;
}

/** Every charge line of the scope, or only the lines of one row (`rowId`: a transfer's or a payment's id). */
function chargeLines(scope: ChargeScope, rowId?: string): SQL {
  const sources = [transferSource(scope.kind), ...paymentSources(scope.kind)];
  return sql.join(
    sources.map((source) => linesOf(source, scope, rowId)),
    sql` union all `,
  );
}

/** The contract's charges filters, on the charge columns (section 3 "Charges filters"). */
function chargeFilters(query: ChargesQuery): SQL[] {
  const out: SQL[] = [];
  const list = (values: string[]) =>
    sql`(${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  if (query.chargeModes?.length) out.push(sql`ch."chargeMode" in ${list(query.chargeModes)}`);
  if (query.isPayable !== undefined) out.push(sql`ch."isPayable" = ${query.isPayable}`);
  if (query.isMerchant !== undefined) out.push(sql`ch."isMerchant" = ${query.isMerchant}`);
  if (query.isMerchantPayable !== undefined) out.push(sql`ch."isMerchantPayable" = ${query.isMerchantPayable}`);
  if (query.isReconciled !== undefined) out.push(sql`ch."isReconciled" = ${query.isReconciled}`);
  if (query.settlementTransactionIds?.length) out.push(sql`ch."settlementTransactionId" in ${list(query.settlementTransactionIds)}`);
  if (query.fromSettlementDate) out.push(sql`ch."settlementDate" >= ${query.fromSettlementDate.slice(0, 10)}::date`);
  if (query.toSettlementDate) out.push(sql`ch."settlementDate" <= ${query.toSettlementDate.slice(0, 10)}::date`);
  if (query.walletNetworkIds?.length) out.push(sql`ch."walletNetworkId" in ${list(query.walletNetworkIds)}`);
  if (query.amountRange) {
    const [from, to] = query.amountRange.split(',');
    if (from) out.push(sql`ch.amount >= ${from}::numeric`);
    if (to) out.push(sql`ch.amount <= ${to}::numeric`);
  }
  return out;
}

const SORTABLE: Record<string, string> = {
  createdAt: '"createdAt"',
  transactionId: '"transactionId"',
  chargeMode: '"chargeMode"',
  currency: 'currency',
  amount: 'amount',
  settlementDate: '"settlementDate"',
};

function orderOf(query: ChargesQuery): SQL {
  const orders = parseSort(query.sort, Object.keys(SORTABLE)).map((o) => `ch.${SORTABLE[o.field] ?? 'id'} ${o.direction}`);
  // The id last: a stable order, so pages neither repeat nor skip a charge.
  return sql.raw([...(orders.length > 0 ? orders : ['ch."createdAt" DESC']), 'ch.id DESC'].join(', '));
}

interface ChargeRow {
  id: string;
  transactionId: string;
  chargeMode: ChargeDto['chargeMode'];
  currency: string;
  amount: string;
  taxAmount: string;
  isPayable: boolean;
  isMerchant: boolean;
  isMerchantPayable: boolean;
  isReconciled: boolean;
  settlementTransactionId: string | null;
  settlementDate: string | Date | null;
  walletNetworkId: string | null;
  merchantId: string | null;
  createdAt: string | Date;
}

const isoDay = (d: string | Date | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

function chargeDto(r: ChargeRow): ChargeDto {
  return {
    id: r.id,
    transactionId: r.transactionId,
    chargeMode: r.chargeMode,
    currency: r.currency,
    amount: new Dec(r.amount).toFixed(),
    taxAmount: new Dec(r.taxAmount).toFixed(),
    isPayable: r.isPayable,
    isMerchant: r.isMerchant,
    isMerchantPayable: r.isMerchantPayable,
    isReconciled: r.isReconciled,
    settlementTransactionId: r.settlementTransactionId,
    settlementDate: isoDay(r.settlementDate),
    walletNetworkId: r.walletNetworkId,
    merchantId: r.merchantId,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

const filtered = (scope: ChargeScope, where: SQL[], rowId?: string) =>
  sql`with ch as (${chargeLines(scope, rowId)}) select * from ch ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;

/** A page of the scope's charges, filtered and sorted as the query asks (newest first by default). */
export async function listCharges(db: Db, scope: ChargeScope, query: ChargesQuery) {
  const where = chargeFilters(query);
  const order = orderOf(query);
  const [rows, counted] = await Promise.all([
    db.execute(sql`${filtered(scope, where)} order by ${order} limit ${query.size} offset ${query.page * query.size}`),
    db.execute(sql`select count(*)::int as n from (${filtered(scope, where)}) counted`),
  ]);
  const total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  return pageAnswer(rowsOf<ChargeRow>(rows).map(chargeDto), query, total);
}

/** One charge of the scope by its id; another organisation's (or no such) charge is the 404 naming id. */
export async function getCharge(db: Db, scope: ChargeScope, id: string): Promise<ChargeDto> {
  // The charge's row found by its key first: matching the id computed for every line of the scope expanded every
  // completed transfer and payment the caller may see.
  const rowId = chargeRowIdOf(id);
  if (rowId === null) throw foreignId('id', 'charge', id);
  const [row] = rowsOf<ChargeRow>(await db.execute(filtered(scope, [sql`ch.id = ${id}`], rowId)));
  if (!row) throw foreignId('id', 'charge', id);
  return chargeDto(row);
}

/**
 * The scope's charges by charge mode and currency: how many, their total with tax, and how much of it
 * the TSP owes (payable) or is owed (receivable). Money is summed by PostgreSQL numeric, never floats.
 */
export async function summariseCharges(db: Db, scope: ChargeScope, query: ChargesQuery): Promise<ChargeSummaryDto[]> {
  const where = chargeFilters(query);
  const rows = rowsOf<{ chargeMode: ChargeDto['chargeMode']; currency: string; n: number; total: string; payable: string; receivable: string }>(
    await db.execute(sql`select ch."chargeMode", ch.currency, count(*)::int as n,
        sum(ch.amount + ch."taxAmount") as total,
        coalesce(sum(ch.amount + ch."taxAmount") filter (where ch."isPayable"), 0) as payable,
        coalesce(sum(ch.amount + ch."taxAmount") filter (where not ch."isPayable"), 0) as receivable
      from (${filtered(scope, where)}) ch
      group by ch."chargeMode", ch.currency
      order by ch."chargeMode", ch.currency`),
  );
  return rows.map((r) => ({
    chargeMode: r.chargeMode,
    currency: r.currency,
    count: Number(r.n),
    totalAmount: new Dec(r.total).toFixed(),
    payableAmount: new Dec(r.payable).toFixed(),
    receivableAmount: new Dec(r.receivable).toFixed(),
  }));
}

/** A TSP an operations query names must exist: anything else is the 404 naming serviceProviderId. */
export async function checkServiceProvider(db: Db, id: string | undefined): Promise<void> {
  if (id === undefined) return;
  const [tsp] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.type, 'SERVICE_PROVIDER')));
  if (!tsp) throw foreignId('serviceProviderId', 'service provider', id);
}

/** What the merchant charges a settlement took add up to, and whether all of them are reconciled. */
export interface SettledCharges {
  settlementTransactionId: string;
  count: number;
  amount: string;
  isReconciled: boolean;
}

/**
 * The TSP's merchant charges grouped by the settlement that took them (reconciliation's expected side): the
 * sum of their amounts (what a settlement pays, tax aside) and whether every one is reconciled.
 */
export async function chargesBySettlement(db: Db, serviceProviderId: string, settlementTransactionIds: string[]): Promise<SettledCharges[]> {
  if (settlementTransactionIds.length === 0) return [];
  const scope: ChargeScope = { kind: 'merchant', serviceProviderId };
  const where = chargeFilters({ settlementTransactionIds, isPayable: true } as ChargesQuery);
  const rows = rowsOf<{ id: string; n: number; amount: string; reconciled: boolean }>(
    await db.execute(sql`select ch."settlementTransactionId" as id, count(*)::int as n, sum(ch.amount) as amount, bool_and(ch."isReconciled") as reconciled
      from (${filtered(scope, where)}) ch group by ch."settlementTransactionId"`),
  );
  return rows.map((r) => ({ settlementTransactionId: r.id, count: Number(r.n), amount: new Dec(r.amount).toFixed(), isReconciled: r.reconciled === true }));
}

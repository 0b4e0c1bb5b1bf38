import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { availableToSpend, buildVoucher, Dec, type DecimalValue } from '@corridor/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../db/database.ts';
import { statements } from '../db/statement.ts';
import { ledgerAccounts, POSITION_BUCKET_NAMES, voucherLines, vouchers, walletPositions, wallets, type LedgerBucket } from '../db/schema.ts';
import { SQLSTATE, sqlStateOf } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { forgetHeldRates, heldRatesToLocal, ratesToLocal, ratesUnchangedSql } from '../rates/valuation-service.ts';
import { compactDay, randomTail } from '../lib/references.ts';

/** One side of a posting. A line with walletId moves that wallet's bucket (credit raises it). */
export interface PostingLine {
  accountCode: string;
  accountName: string;
  currency: string;
  side: 'D' | 'C';
  /** Amount in the account currency (FC), a positive decimal string. */
  amount: string;
  walletId?: string;
  bucket?: LedgerBucket;
  description1?: string;
  description2?: string;
}

export interface VoucherInput {
  category: string;
  subCategory?: string;
  transactionType?: string;
  transactionId?: string;
  tspId?: string | null;
  tspWalletId?: string | null;
  merchantId?: string | null;
  msWalletId?: string | null;
  branchName?: string;
  createdBy?: string;
  /** When the movement happened (seeded history); now otherwise. */
  postedAt?: Date;
  /**
   * False only for movements that happen whatever the wallet holds, such as a credit line lapsing at
   * the end of its validity: the wallet may then show less than zero available, which is owed.
   */
  checkFunds?: boolean;
  lines: PostingLine[];
}

/**
 * Who a voucher on one wallet concerns: a merchant's wallet names its TSP's wallet, the merchant and
 * itself; a TSP's own wallet names itself.
 */
export function walletVoucherParties(wallet: { id: string; merchantServiceId: string | null; spWalletId: string | null }) {
  return {
    tspWalletId: wallet.merchantServiceId ? wallet.spWalletId : wallet.id,
    merchantId: wallet.merchantServiceId,
    msWalletId: wallet.merchantServiceId ? wallet.id : null,
  };
}

export interface PostedVoucher {
  id: string;
  voucherNo: string;
}

type PositionRow = typeof walletPositions.$inferSelect;

const BUCKET_COLUMNS: Record<LedgerBucket, keyof PositionRow> = {
  balance: 'balance',
  reserve: 'reserve',
  merchantReserve: 'merchantReserve',
  openPosition: 'openPosition',
  pendingAuthorization: 'pendingAuthorization',
  creditLimit: 'creditLimit',
  creditReserve: 'creditReserve',
  merchantCreditReserve: 'merchantCreditReserve',
};

/** What a wallet can still spend, from its running position (balance + credit - held amounts). */
export function availableOf(row: PositionRow): DecimalValue {
  return new Dec(
    availableToSpend(
      {
        balance: row.balance,
        reserve: row.reserve,
        merchantReserve: row.merchantReserve,
        openPosition: row.openPosition,
        pendingAuthorization: row.pendingAuthorization,
      },
      row.creditLimit,
    ),
  );
}

function voucherNumber(postedAt: Date): string {
  return `JV${compactDay(postedAt)}-${randomTail(12)}`;
}

/** Money columns are numeric(24, 8): a running position or LC amount must stay below 10^16. */
const MONEY_INTEGER_DIGITS_HELD = 16;
/**
 * |value| < 10^16, read off the decimal text (PostgreSQL's numeric text and decimal.js's toFixed never
 * use exponents): at most 16 digits before the point once leading zeros are gone. Eight of these run
 * per wallet a post moves, so no decimal is parsed for them.
 */
const fitsMoneyColumn = (value: string): boolean => {
  let start = value.startsWith('-') || value.startsWith('+') ? 1 : 0;
  while (value[start] === '0') start += 1;
  const point = value.indexOf('.');
  return (point < 0 ? value.length : point) - start <= MONEY_INTEGER_DIGITS_HELD;
};
const amountOutOfRange = (what: string) =>
  new AppError('AMOUNT_OUT_OF_RANGE', `The amount would take ${what} beyond what the ledger can hold`, [
    { parameter: 'amount', message: 'is too large to book' },
  ]);

const BUCKET_SQL: Record<LedgerBucket, string> = {
  balance: 'balance',
  reserve: 'reserve',
  merchantReserve: 'merchant_reserve',
  openPosition: 'open_position',
  pendingAuthorization: 'pending_authorization',
  creditLimit: 'credit_limit',
  creditReserve: 'credit_reserve',
  merchantCreditReserve: 'merchant_credit_reserve',
};

/** How much a post's deltas change what a wallet can spend (`availableToSpend`'s terms). */
function availableChange(delta: Map<LedgerBucket, DecimalValue> | undefined): DecimalValue {
  const of = (bucket: LedgerBucket) => delta?.get(bucket) ?? new Dec(0);
  return of('balance').minus(of('reserve')).minus(of('merchantReserve')).minus(of('pendingAuthorization')).plus(of('creditLimit'));
}

/** Only on a refusal (fewer positions moved than wallets named): tell a missing wallet from a currency mismatch. */
async function refuseUnmoved(tx: Queryable, walletIds: string[], currencyOf: Map<string, string>): Promise<never> {
  const found = await tx.select({ id: wallets.id, currencyCode: wallets.currencyCode }).from(wallets).where(inArray(wallets.id, walletIds));
  if (found.length !== walletIds.length) throw new AppError('NOT_FOUND', 'A wallet of the voucher does not exist');
  const wrong = found.find((w) => currencyOf.get(w.id) !== w.currencyCode);
  throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currency', message: `must be the wallet currency ${wrong?.currencyCode ?? ''}` }]);
}

/**
 * A voucher line's id, made by PostgreSQL while the post holds its wallets' locks, so line ids are in
 * posting order (the ledger's running values follow id order). The layout is UUIDv7's: the millisecond,
 * then 42 bits of the post's place in posting order (`voucher_line_order`, taken under the locks: a later
 * post of a wallet always draws a larger value, also within one millisecond, which is all PGlite's clock
 * tells), then the line number (two lines of one voucher never share it), then random bits. The clock and
 * the sequence are read once for the voucher (an uncorrelated sub-select, run once, after the positions
 * moved), not per line. A microsecond of the clock stood where the order is until PGlite's statements got
 * fast enough for two posts of a wallet to fall in one of its milliseconds.
 */
const LINE_ID_SQL = `(select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || lpad(to_hex((n >> 30) & 4095), 3, '0') || '-'
    || to_hex(32768 + ((n >> 16) & 16383)) || '-' || lpad(to_hex(n & 65535), 4, '0')
  from (select lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') as h,
    nextval('voucher_line_order') as n) t)
  || lpad(to_hex(l.line_no % 65536), 4, '0') || right(gen_random_uuid()::text, 4)`;

/** What a wallet can spend (balance + credit - held amounts, as `availableToSpend`), as SQL over a row with position columns. */
const availableSql = (row: string) => `(${row}.balance - ${row}.reserve - ${row}.merchant_reserve - ${row}.pending_authorization + ${row}.credit_limit)`;

/** The position column that holds each bucket's running value, as SQL over the moved row `m`. */
const BUCKET_VALUE_SQL = `case l.bucket ${POSITION_BUCKET_NAMES.map((b) => `when '${b}' then m.${BUCKET_SQL[b]}`).join(' ')} end`;

const BUCKET_COLUMNS_SQL = POSITION_BUCKET_NAMES.map((b) => BUCKET_SQL[b]);
/** The counters a post adds to each wallet's position: its buckets and its count of balance lines. */
const COUNTED = [...BUCKET_COLUMNS_SQL, 'balance_lines'];
const LINE_FIELDS = [
  ['accountName', 'text'],
  ['accountCode', 'text'],
  ['currency', 'text'],
  ['rate', 'numeric'],
  ['side', 'text'],
  ['amountInFc', 'numeric'],
  ['amountInLc', 'numeric'],
  ['description1', 'text'],
  ['description2', 'text'],
  ['walletId', 'text'],
  ['bucket', 'text'],
  ['laterAmount', 'numeric'],
  ['laterBalanceLines', 'bigint'],
] as const;
type LineField = (typeof LINE_FIELDS)[number][0];
const p = (name: string) => sql.placeholder(name);

/**
 * The placeholder names of line `j` (`l<j>.<field>`) and wallet `i` (`w<i>`, `w<i>.<column>`), made once:
 * a post names a few hundred values, and a name built on each call is a new string to hash every time.
 */
const lineKeys: Array<Record<LineField, string>> = [];
const keysOfLine = (j: number): Record<LineField, string> =>
  (lineKeys[j] ??= Object.fromEntries(LINE_FIELDS.map(([field]) => [field, `l${j}.${field}`])) as Record<LineField, string>);
const walletKeys: Array<{ id: string; currency: string; counted: string[] }> = [];
const keysOfWallet = (i: number) => (walletKeys[i] ??= { id: `w${i}`, currency: `w${i}.currency`, counted: COUNTED.map((c) => `w${i}.${c}`) });

/**
 * A post's one statement, for a voucher of `wallets` wallets and `lines` lines (the shape), built once
 * per shape (`statements`): placeholder `w<i>` is the i-th wallet (ids in order), `w<i>.<column>` its
 * deltas, `l<j>.<field>` the j-th line, the rest the voucher's.
 *
 * It locks the wallets (`FOR UPDATE`, in id order so two posts never deadlock), adds the voucher's
 * deltas to their running positions (PostgreSQL numeric, exact like decimal.js), and inserts the
 * voucher and its lines with each wallet line's running value and number taken from the moved position:
 * a wallet is locked for one statement and the commit, not for a round trip to the server between them.
 * A wallet that does not exist, or whose currency is not its lines' currency, moves no position, and
 * then nothing is inserted (the caller refuses the post).
 */
const postStatement = statements((_db, shape: `${number}:${number}`) => {
  const [walletCount, lineCount] = shape.split(':').map(Number) as [number, number];
  const walletIndexes = [...Array(walletCount).keys()];
  // Rates this process held are still the history's (`rateChanges`: the count they were read at; null, read from it).
  const ratesHeld = sql`(select unchanged from rates)`;
  const ratesCte = sql`rates as (select ${ratesUnchangedSql(p('rateChanges'))} as unchanged)`;
  const everyWalletMoved = sql`${ratesHeld} and (select count(*) from moved) = ${walletCount}`;
  const lineRows = [...Array(lineCount).keys()].map(
    (j) =>
      sql`(${j + 1}::int, ${sql.join(
        LINE_FIELDS.map(([field, type]) => sql`${p(`l${j}.${field}`)}::${sql.raw(type)}`),
        sql`, `,
      )})`,
  );
  const voucherAndLines = sql`voucher as (
      insert into vouchers (id, voucher_no, branch_name, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc,
        transaction_id, tsp_id, tsp_wallet_id, merchant_id, ms_wallet_id, category, sub_category, transaction_type, posted_at,
        created_by, created_at)
      select ${p('voucherId')}::text, ${p('voucherNo')}::text, ${p('branchName')}::text, ${p('status')}::text, ${p('voucherDate')}::date,
        ${p('totalCredit')}::numeric, ${p('totalDebit')}::numeric, ${p('transactionId')}::text,
        ${p('tspId')}::text, ${p('tspWalletId')}::text, ${p('merchantId')}::text, ${p('msWalletId')}::text,
        ${p('category')}::text, ${p('subCategory')}::text, ${p('transactionType')}::text, ${p('postedAt')}::timestamptz,
        ${p('createdBy')}::text, ${p('createdAt')}::timestamptz
      where ${everyWalletMoved}
    ), lines as (
      insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
        amount_in_fc, amount_in_lc, description1, description2, wallet_id, bucket, transaction_id, posted_at, balance_after,
        wallet_seq)
      select ${sql.raw(LINE_ID_SQL)}, ${p('voucherId')}::text, l.line_no, l.account_name, l.account_code, l.account_ccy_code, l.rate, l.side,
        l.amount_in_fc, l.amount_in_lc, l.description1, l.description2, l.wallet_id, l.bucket, ${p('transactionId')}::text,
        ${p('postedAt')}::timestamptz, ${sql.raw(BUCKET_VALUE_SQL)} - l.later_amount,
        case when l.bucket = 'balance' then m.balance_lines - l.later_balance_lines end
      from (values ${sql.join(lineRows, sql`, `)}) as l (line_no, account_name, account_code, account_ccy_code, rate, side, amount_in_fc,
        amount_in_lc, description1, description2, wallet_id, bucket, later_amount, later_balance_lines)
      left join moved m on m.wallet_id = l.wallet_id
      where ${everyWalletMoved}
      order by l.line_no
    )`;
  if (walletCount === 0) {
    // No wallet line: nothing to lock, and no moved position to read.
    return sql`with ${ratesCte}, moved as (select null::text as wallet_id, null::bigint as balance_lines, ${sql.raw(
      BUCKET_COLUMNS_SQL.map((c) => `null::numeric as ${c}`).join(', '),
    )} where false), ${voucherAndLines} select not ${ratesHeld} as rates_moved`;
  }
  const columns = sql.raw(COUNTED.join(', '));
  const deltaRows = walletIndexes.map(
    (i) =>
      sql`(${p(`w${i}`)}::text, ${p(`w${i}.currency`)}::text, ${sql.join(
        COUNTED.map((c) => sql`${p(`w${i}.${c}`)}::${sql.raw(c === 'balance_lines' ? 'bigint' : 'numeric')}`),
        sql`, `,
      )})`,
  );
  return sql`with ${ratesCte}, locked as (
      select id, currency_code from wallets where id in (${sql.join(
        walletIndexes.map((i) => sql`${p(`w${i}`)}::text`),
        sql`, `,
      )})
      order by id for update
    ), delta (wallet_id, currency_code, ${columns}) as (values ${sql.join(deltaRows, sql`, `)}
    ), matched as (
      -- The wallets that exist in their lines' currency. Unless every one does, nothing moves: the statement
      -- is the whole post (a missing wallet or another currency is refused as such afterwards).
      select delta.* from delta join locked on locked.id = delta.wallet_id and locked.currency_code = delta.currency_code
    ), held as (
      -- After the wallets (joined, so always locked in that order): FOR UPDATE reads each position's
      -- latest committed version, not the statement's snapshot, which a wait for the lock leaves behind.
      select wp.wallet_id, ${sql.raw(availableSql('wp'))} as available
      from wallet_positions wp join locked on locked.id = wp.wallet_id
      order by wp.wallet_id for update of wp
    ), refused as (
      -- A movement that lowers what a wallet can spend, taking it below zero: the post moves nothing.
      select matched.wallet_id, coalesce(held.available, 0) as available
      from matched left join held on held.wallet_id = matched.wallet_id
      where ${p('checkFunds')}::boolean and ${sql.raw(availableSql('matched'))} < 0
        and coalesce(held.available, 0) + ${sql.raw(availableSql('matched'))} < 0
    ), moved as (
      insert into wallet_positions (wallet_id, ${columns}, updated_at)
      select matched.wallet_id, ${sql.raw(COUNTED.map((c) => `matched.${c}`).join(', '))}, ${p('updatedAt')}::timestamptz
      from matched
      where ${ratesHeld} and (select count(*) from matched) = ${walletCount} and not exists (select 1 from refused)
      on conflict (wallet_id) do update set ${sql.raw(COUNTED.map((c) => `${c} = wallet_positions.${c} + excluded.${c}`).join(', '))},
        updated_at = excluded.updated_at
      returning wallet_id, ${columns}, updated_at
    ), ${voucherAndLines}
    select wallet_id, null::numeric as refused_available, false as rates_moved from moved
    union all select wallet_id, available, false from refused where ${ratesHeld}
    union all select null, null, true where not ${ratesHeld}`;
});

/** The voucher of a post valued at `rates` (one per currency of its lines), refused when it does not balance or fit. */
function valuedVoucher(input: VoucherInput, voucherNo: string, postedAt: Date, rates: ReadonlyMap<string, DecimalValue>) {
  let built;
  try {
    built = buildVoucher({
      voucherNo,
      voucherDate: postedAt.toISOString().slice(0, 10),
      branchName: input.branchName ?? null,
      lines: input.lines.map((l) => ({
        accountCode: l.accountCode,
        accountName: l.accountName,
        accountCcyCode: l.currency,
        rate: (rates.get(l.currency) as DecimalValue).toFixed(),
        debitORCredit: l.side,
        amountInFC: l.amount,
      })),
    });
  } catch (error) {
    throw new AppError('VOUCHER_UNBALANCED', error instanceof Error ? error.message : undefined);
  }
  if (![built.totalDebitAmountInLc, built.totalCreditAmountInLc, ...built.voucherDetails.map((l) => l.amountInLC)].every(fitsMoneyColumn)) {
    throw amountOutOfRange('its local-currency equivalent');
  }
  return built;
}

/**
 * Posts one voucher. Refuses a voucher that does not balance in local currency, and a debit that would
 * take a wallet below its balance plus credit.
 *
 * One statement (`postStatement`) checks the funds, moves the positions and writes the voucher and its
 * lines, or, refused (a missing wallet, a currency that is not the wallet's, insufficient funds),
 * changes nothing; a position out of range fails the statement. So a post is whole by itself: on the
 * database (`db`), it needs no transaction of its own; inside the caller's transaction, the same one
 * that changes the business record, the record and its ledger entries commit or fail together (a
 * refusal throws, and the caller's transaction undoes the rest).
 */
export async function post(db: Queryable, input: VoucherInput, now: Date): Promise<PostedVoucher> {
  const postedAt = input.postedAt ?? now;
  const voucherNo = voucherNumber(postedAt);
  const currencies = input.lines.map((l) => l.currency);
  // Every line of a currency takes the same served rate, read before the voucher is built: the newest mid this process
  // holds, which the post's statement checks is still the history's (a moved history: the post values again below).
  let valuation = await heldRatesToLocal(db, currencies, postedAt);
  let built = valuedVoucher(input, voucherNo, postedAt, valuation.rates);

  const walletIds = [...new Set(input.lines.flatMap((l) => (l.walletId ? [l.walletId] : [])))].sort();
  const deltas = new Map<string, Map<LedgerBucket, DecimalValue>>();
  // Each wallet line's running value is the moved position less the lines after it in the voucher
  // (same wallet and bucket); a balance line's number is the position's count less the balance lines after it.
  // One pass from the last line: what follows each line in its wallet and bucket, each amount read once.
  const zero = new Dec(0);
  const laterAmount: DecimalValue[] = input.lines.map(() => zero);
  const laterBalanceLines: number[] = input.lines.map(() => 0);
  const following = new Map<string, { amount: DecimalValue; lines: number }>();
  for (let i = input.lines.length - 1; i >= 0; i--) {
    const line = input.lines[i] as PostingLine;
    if (!line.walletId) continue;
    const bucket = line.bucket ?? 'balance';
    const signed = line.side === 'C' ? new Dec(line.amount) : new Dec(line.amount).neg();
    const perWallet = deltas.get(line.walletId) ?? new Map<LedgerBucket, DecimalValue>();
    perWallet.set(bucket, (perWallet.get(bucket) ?? zero).plus(signed));
    deltas.set(line.walletId, perWallet);
    const key = `${line.walletId} ${bucket}`;
    const after = following.get(key) ?? { amount: zero, lines: 0 };
    laterAmount[i] = after.amount;
    laterBalanceLines[i] = after.lines;
    following.set(key, { amount: after.amount.plus(signed), lines: after.lines + 1 });
  }

  const voucherId = uuidv7();
  const values: Record<string, unknown> = {
    voucherId,
    voucherNo,
    branchName: input.branchName ?? null,
    transactionId: input.transactionId ?? null,
    tspId: input.tspId ?? null,
    tspWalletId: input.tspWalletId ?? null,
    merchantId: input.merchantId ?? null,
    msWalletId: input.msWalletId ?? null,
    category: input.category,
    subCategory: input.subCategory ?? null,
    transactionType: input.transactionType ?? null,
    postedAt: postedAt.toISOString(),
    createdBy: input.createdBy ?? null,
    createdAt: now.toISOString(),
    updatedAt: (postedAt > now ? postedAt : now).toISOString(),
  };
  input.lines.forEach((source, j) => {
    const bucket = source.walletId ? (source.bucket ?? 'balance') : null;
    const key = keysOfLine(j);
    values[key.accountName] = source.accountName;
    values[key.accountCode] = source.accountCode;
    values[key.currency] = source.currency;
    values[key.side] = source.side;
    values[key.description1] = source.description1 ?? null;
    values[key.description2] = source.description2 ?? null;
    values[key.walletId] = source.walletId ?? null;
    values[key.bucket] = bucket;
    values[key.laterAmount] = laterAmount[j]?.toFixed() ?? '0';
    values[key.laterBalanceLines] = bucket === 'balance' ? laterBalanceLines[j] : null;
  });
  const currencyOf = new Map(input.lines.flatMap((l) => (l.walletId ? [[l.walletId, l.currency] as const] : [])));
  walletIds.forEach((walletId, i) => {
    const delta = deltas.get(walletId);
    const key = keysOfWallet(i);
    values[key.id] = walletId;
    values[key.currency] = currencyOf.get(walletId) ?? '';
    // COUNTED is the buckets in POSITION_BUCKET_NAMES order, then the balance-line count.
    POSITION_BUCKET_NAMES.forEach((b, c) => (values[key.counted[c] as string] = delta?.get(b)?.toFixed() ?? '0'));
    values[key.counted[POSITION_BUCKET_NAMES.length] as string] = input.lines.filter(
      (l) => l.walletId === walletId && (l.bucket ?? 'balance') === 'balance',
    ).length;
  });
  values.checkFunds = input.checkFunds !== false;

  let result;
  let moved = 0;
  for (;;) {
    // What the rates decide: the voucher's status and totals, and each line's rate and amounts.
    values.status = built.status;
    values.voucherDate = built.voucherDate;
    values.totalCredit = built.totalCreditAmountInLc;
    values.totalDebit = built.totalDebitAmountInLc;
    built.voucherDetails.forEach((line, j) => {
      const key = keysOfLine(j);
      values[key.rate] = line.rate;
      values[key.amountInFc] = line.amountInFC;
      values[key.amountInLc] = line.amountInLC;
    });
    values.rateChanges = valuation.changes;
    try {
      result = await postStatement(db, `${walletIds.length}:${input.lines.length}`, values);
    } catch (error) {
      if (sqlStateOf(error) === SQLSTATE.numericValueOutOfRange) throw amountOutOfRange('a wallet position');
      throw error;
    }
    if (!rowsOf<{ rates_moved: boolean }>(result).some((row) => row.rates_moved)) break;
    // The history changed since this process read its newest mids (another process's feed tick, a trim): the
    // statement wrote nothing. The post reads the newest mids again and values its lines anew; should the history
    // move once more meanwhile, it values them from the history itself, unchecked.
    forgetHeldRates(db);
    valuation = moved++ === 0 ? await heldRatesToLocal(db, currencies, postedAt) : { rates: await ratesToLocal(db, currencies, postedAt), changes: null };
    built = valuedVoucher(input, voucherNo, postedAt, valuation.rates);
  }
  if (walletIds.length > 0) {
    const rows = rowsOf<{ wallet_id: string; refused_available: string | null }>(result);
    const refused = rows.find((r) => r.refused_available !== null);
    if (refused) {
      const change = availableChange(deltas.get(refused.wallet_id));
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${refused.wallet_id} can spend ${new Dec(refused.refused_available as string).toFixed()} ${currencyOf.get(refused.wallet_id) ?? ''}; the debit needs ${change.neg().toFixed()}`,
      );
    }
    if (rows.length !== walletIds.length) await refuseUnmoved(db, walletIds, currencyOf);
  }
  return { id: voucherId, voucherNo };
}

/** Opens (or finds) an internal ledger account of a TSP, e.g. its pool account in a currency. */
export async function ensureLedgerAccount(
  db: Db,
  account: { code: string; name: string; currencyCode: string; tspId: string | null; walletId?: string | null; kind: string },
): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ ...account, walletId: account.walletId ?? null })
    .onConflictDoNothing();
}

interface DerivedPositionCheck {
  walletId: string;
  bucket: LedgerBucket;
  stored: string;
  derived: string;
}

/**
 * Ledger invariants, for tests and operators: vouchers whose lines do not balance in LC (or whose
 * totals disagree with the lines), and running positions that differ from the sums of postings.
 * @internal used by its tests
 */
export async function ledgerDiscrepancies(db: Db): Promise<LedgerDiscrepancies> {
  // One snapshot for every read: a post landing between two of them would otherwise show as a position
  // that differs from its lines.
  return db.transaction((tx) => discrepanciesIn(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

interface LedgerDiscrepancies {
  unbalanced: string[];
  positions: DerivedPositionCheck[];
  runningBalances: string[];
}

async function discrepanciesIn(db: Tx): Promise<LedgerDiscrepancies> {
  const sums = await db
    .select({
      voucherId: voucherLines.voucherId,
      debit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'D'), 0)`,
      credit: sql<string>`coalesce(sum(${voucherLines.amountInLc}) filter (where ${voucherLines.debitOrCredit} = 'C'), 0)`,
      totalDebit: sql<string>`min(${vouchers.totalDebitAmountInLc})`,
      totalCredit: sql<string>`min(${vouchers.totalCreditAmountInLc})`,
      voucherNo: sql<string>`min(${vouchers.voucherNo})`,
    })
    .from(voucherLines)
    .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
    .groupBy(voucherLines.voucherId);
  const unbalanced = sums
    .filter((s) => !new Dec(s.debit).eq(s.credit) || !new Dec(s.debit).eq(s.totalDebit) || !new Dec(s.credit).eq(s.totalCredit))
    .map((s) => s.voucherNo);
  const orphanVouchers = await db
    .select({ voucherNo: vouchers.voucherNo })
    .from(vouchers)
    .where(sql`not exists (select 1 from ${voucherLines} where ${voucherLines.voucherId} = ${vouchers.id})`);
  unbalanced.push(...orphanVouchers.map((v) => v.voucherNo));

  const derivedRows = await db
    .select({
      walletId: voucherLines.walletId,
      bucket: voucherLines.bucket,
      total: sql<string>`sum(case when ${voucherLines.debitOrCredit} = 'C' then ${voucherLines.amountInFc} else -${voucherLines.amountInFc} end)`,
    })
    .from(voucherLines)
    .where(and(sql`${voucherLines.walletId} is not null`))
    .groupBy(voucherLines.walletId, voucherLines.bucket);
  const derived = new Map(derivedRows.map((r) => [`${r.walletId ?? ''}|${r.bucket ?? ''}`, r.total]));
  const stored = await db.select().from(walletPositions);
  const positions: DerivedPositionCheck[] = [];
  const seen = new Set<string>();
  for (const row of stored) {
    for (const bucket of POSITION_BUCKET_NAMES) {
      const key = `${row.walletId}|${bucket}`;
      seen.add(key);
      const want = derived.get(key) ?? '0';
      const have = row[BUCKET_COLUMNS[bucket]] as string;
      if (!new Dec(want).eq(have)) positions.push({ walletId: row.walletId, bucket, stored: have, derived: want });
    }
  }
  for (const [key, total] of derived) {
    if (!seen.has(key) && !new Dec(total).eq(0)) {
      const [walletId = '', bucket = 'balance'] = key.split('|');
      positions.push({ walletId, bucket: bucket as LedgerBucket, stored: '0', derived: total });
    }
  }
  // Each wallet line's stored running value equals the sum of its bucket's lines posted up to it, and
  // a balance line's number is its place among them. Posting order is id order (time-ordered ids made
  // under the wallet lock); it is also date order except for a movement dated ahead of later posts.
  const drifted = rowsOf<{ id: string }>(
    await db.execute(sql`select id from (
        select id, balance_after, wallet_seq, sum(case when debit_or_credit = 'C' then amount_in_fc else -amount_in_fc end)
          over (partition by wallet_id, bucket order by id) as derived,
          case when bucket = 'balance' then row_number() over (partition by wallet_id, bucket order by id) end as derived_seq
        from voucher_lines where wallet_id is not null
      ) l where balance_after is distinct from derived or wallet_seq is distinct from derived_seq`),
  );
  return { unbalanced, positions, runningBalances: drifted.map((r) => r.id) };
}

/** What a wallet's balance moved for one transaction: debits and credits on the balance bucket. */
export interface WalletMovement {
  transactionId: string;
  walletId: string;
  debit: string;
  credit: string;
}

/**
 * The balance movements of the given wallets on vouchers of the given transactions (summed in numeric): what
 * the ledger actually moved, read by reconciliation against what was owed.
 */
export async function walletMovements(db: Db, walletIds: string[], transactionIds: string[]): Promise<WalletMovement[]> {
  if (walletIds.length === 0 || transactionIds.length === 0) return [];
  const rows = rowsOf<{ transactionId: string; walletId: string; debit: string; credit: string }>(
    await db.execute(sql`select v.transaction_id as "transactionId", l.wallet_id as "walletId",
        coalesce(sum(l.amount_in_fc) filter (where l.debit_or_credit = 'D'), 0) as debit,
        coalesce(sum(l.amount_in_fc) filter (where l.debit_or_credit = 'C'), 0) as credit
      from vouchers v join voucher_lines l on l.voucher_id = v.id
      where v.transaction_id in (${sql.join(
        transactionIds.map((t) => sql`${t}`),
        sql`, `,
      )}) and l.wallet_id in (${sql.join(
        walletIds.map((w) => sql`${w}`),
        sql`, `,
      )}) and l.bucket = 'balance'
      group by v.transaction_id, l.wallet_id`),
  );
  return rows.map((r) => ({ transactionId: r.transactionId, walletId: r.walletId, debit: new Dec(r.debit).toFixed(), credit: new Dec(r.credit).toFixed() }));
}

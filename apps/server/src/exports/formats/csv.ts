import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportAccount } from '../statement-source.ts';
import { fixed, put, transactionRows, type ExportDocument } from './document.ts';

const QUOTED = /[",\n\r]/;
/** First characters a spreadsheet reads as a formula: = + @ tab CR -. */
const FORMULA = new Set([61, 43, 64, 9, 13, 45]);

/** A CSV cell; text that a spreadsheet would run as a formula is defused with a leading quote. */
function cell(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA.has(value.charCodeAt(0)) && !/^-?\d/.test(value) ? `'${value}` : value;
  return QUOTED.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * {@link cell} as PostgreSQL computes it, for a text expression `x` (repeated, so a column or a cheap
 * expression): the same defusing (first character one of = + @ tab CR, or a - not followed by a digit)
 * and the same quoting (when it holds a quote, comma, LF or CR). One regular expression finds the cells
 * that need either (rare); the others are the column's text as it is.
 */
function sqlCell(x: SQL): SQL {
  const defused = sql`case when ascii(${x}) in (61, 43, 64, 9, 13) or (ascii(${x}) = 45 and ascii(substr(${x}, 2, 1)) not between 48 and 57)
    then '''' || ${x} else ${x} end`;
  return sql`coalesce(case when ${x} !~ '^[-=+@\t\r]|[",\n\r]' then ${x}
    when strpos(${x}, '"') > 0 or strpos(${x}, ',') > 0 or strpos(${x}, chr(10)) > 0 or strpos(${x}, chr(13)) > 0
    then '"' || replace(${defused}, '"', '""') || '"' else ${defused} end, '')`;
}

/**
 * {@link fixed} of a numeric `x` at `dp` decimals as PostgreSQL computes it: `round` rounds half away from
 * zero as the decimals here do, and pads to `dp`; a negative that rounds to zero keeps its sign, as here.
 */
function sqlFixed(x: SQL, dp: SQL): SQL {
  return sql`case when ${x} < 0 and round(${x}, ${dp}) = 0 then '-' || round(${x}, ${dp})::text else round(${x}, ${dp})::text end`;
}

/**
 * A statement line's CSV text (without its line end) as PostgreSQL composes it from `l` (the voucher line) and
 * `v` (its voucher), byte for byte what {@link writeCsv} writes from the line: the export then only passes
 * the text on. The decimals of a line's currency are those of the export's account in it (2 otherwise).
 */
export function csvLineColumn(accounts: ExportAccount[]): SQL {
  const dps = new Map(accounts.map((a) => [a.currency, a.dp]));
  const int = (n: number) => sql.raw(String(Math.trunc(n)));
  const dp = [...dps.values()].every((d) => d === 2)
    ? int(2)
    : sql`(case l.account_ccy_code ${sql.join(
        [...dps].map(([currency, d]) => sql`when ${currency} then ${int(d)}`),
        sql` `,
      )} else 2 end)`;
  return sql`concat_ws(',', to_char(l.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${sqlCell(sql`l.wallet_id`)},
    ${sqlCell(sql`l.transaction_id`)}, ${sqlCell(sql`v.category`)}, ${sqlCell(sql`coalesce(v.transaction_type, v.category)`)},
    case when l.debit_or_credit = 'C' then 'CREDIT' else 'DEBIT' end, ${sqlCell(sql`l.description1`)}, ${sqlCell(sql`l.account_ccy_code`)},
    ${sqlFixed(sql`l.amount_in_fc`, dp)}, ${sqlFixed(sql`(l.balance_after - case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end)`, dp)},
    ${sqlFixed(sql`l.balance_after`, dp)})`;
}

const row = (cells: Array<string | null>) => cells.map(cell).join(',') + '\r\n';

const WALLET_CSV_HEADER = [
  'date',
  'walletId',
  'transactionId',
  'category',
  'action',
  'mode',
  'description',
  'currency',
  'amount',
  'openingBalance',
  'closingBalance',
];
const TRANSACTION_CSV_HEADER = ['transactionId', 'date', 'category', 'action', 'currency', 'totalCredit', 'totalDebit', 'lines'];

/** A statement as CSV, one line per statement line (or per transaction), written batch by batch. */
export async function writeCsv(doc: ExportDocument, out: Writable): Promise<void> {
  const dp = new Map(doc.accounts.map((a) => [a.currency, a.dp]));
  const dpOf = (currency: string) => dp.get(currency) ?? 2;
  if (doc.kind === 'wallet') {
    await put(out, row(WALLET_CSV_HEADER));
    if (doc.texts) {
      for await (const texts of doc.texts(csvLineColumn(doc.accounts))) {
        await put(out, texts.join('\r\n') + '\r\n');
        await doc.progress(texts.length);
      }
      out.end();
      return;
    }
    for await (const batch of doc.lines()) {
      let text = '';
      for (const l of batch) {
        const d = dpOf(l.currency);
        // The date (an ISO instant), the mode and the figures (decimal text) never need quoting or defusing.
        text +=
          `${l.date},${cell(l.walletId)},${cell(l.transactionId)},${cell(l.category)},${cell(l.action)},${l.mode},${cell(l.description)},` +
          `${cell(l.currency)},${fixed(l.amount, d)},${fixed(l.openingBalance, d)},${fixed(l.closingBalance, d)}\r\n`;
      }
      await put(out, text);
      await doc.progress(batch.length);
    }
  } else {
    await put(out, row(TRANSACTION_CSV_HEADER));
    for await (const { rows, lines } of transactionRows(doc.lines())) {
      let text = '';
      for (const t of rows) {
        const d = dpOf(t.currency);
        text += row([t.transactionId, t.date, t.category, t.action, t.currency, fixed(t.credit, d), fixed(t.debit, d), String(t.lines)]);
      }
      if (text) await put(out, text);
      await doc.progress(lines);
    }
  }
  out.end();
}

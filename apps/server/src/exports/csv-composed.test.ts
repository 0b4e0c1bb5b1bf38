import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { writeCsv } from './formats/csv.ts';
import type { ExportDocument } from './formats/document.ts';
import { exportAccounts, statementBatches, statementTexts, type ExportFilters } from './statement-source.ts';

let s: TestServer;
let db: Db;
const WALLETS = ['csv-composed-a', 'csv-composed-b'];

// Text a CSV cell must quote or defuse, and figures the currency's decimals must pad, cut or round.
const TEXTS = [
  'a,b',
  'say "hi"',
  'line\nbreak',
  'carriage\rreturn',
  'crlf\r\nend',
  '=SUM(A1:A9)',
  '=a,"b"',
  '+1 555',
  '-x',
  '-',
  '-5 dollars',
  '-.5',
  '@home',
  '\ttab first',
  '\rcr first',
  "'already quoted",
  'تحويل، رصيد "المحفظة"',
  'plain',
  '',
  null,
];
const FIGURES = ['1.50000000', '100.00000000', '0.12345678', '-1.00500000', '-0.00400000', '-0.00500000', '2.50000000', '99999999.99999999', '0.00000000'];

beforeAll(async () => {
  s = await startTestServer();
  db = s.services.db;
  await db.execute(sql`insert into currencies (code, name, dp) values ('USD', 'US Dollar', 2), ('KWD', 'Kuwaiti Dinar', 3) on conflict (code) do nothing`);
  for (const [w, ccy] of [
    [WALLETS[0], 'KWD'],
    [WALLETS[1], 'USD'],
  ] as const) {
    await db.execute(sql`insert into wallets (id, alias, type, service_provider_id, currency_code, country_code, ledger_code)
      values (${w}, ${`CSV ${w}`}, 'SETTLEMENT', 'csv-tsp', ${ccy}, 'AE', ${w})`);
  }
  let n = 0;
  for (const text of TEXTS) {
    for (const figure of FIGURES.slice(0, 3)) {
      n += 1;
      const wallet = WALLETS[n % 2] ?? '';
      // Every other line in a currency none of the export's accounts has (2 decimals then), one in the other account's.
      const ccy = n % 5 === 0 ? 'XYZ' : n % 7 === 0 ? 'USD' : wallet === WALLETS[0] ? 'KWD' : 'USD';
      const balance = FIGURES[n % FIGURES.length] ?? '0';
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n, n % 3 === 0 ? 999 : 0)).toISOString().replace('Z', `${n % 10}11Z`);
      await db.execute(sql`insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category,
          transaction_id, transaction_type, posted_at)
        values (${`csv-composed-${n}`}, ${`V${n}`}, 'POSTED', date '2026-01-01', 0, 0, ${n % 4 === 0 ? (text ?? 'TOPUP') : 'TOPUP'}, ${text},
          ${n % 3 === 0 ? null : text}, ${at}::timestamptz)`);
      await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
          amount_in_fc, amount_in_lc, description1, wallet_id, bucket, transaction_id, posted_at, balance_after, wallet_seq)
        values (${`csv-composed-line-${n}`}, ${`csv-composed-${n}`}, 1, 'CSV', 'csv', ${ccy}, 1, ${n % 3 === 0 ? 'D' : 'C'}, ${figure}, ${figure},
          ${text}, ${wallet}, 'balance', ${text}, ${at}::timestamptz, ${balance}, ${n})`);
    }
  }
});
afterAll(async () => {
  // The lines are made up (no balanced vouchers, arbitrary running balances): gone before the ledger's checks at close.
  await db?.execute(sql`delete from voucher_lines where voucher_id like 'csv-composed-%'`);
  await db?.execute(sql`delete from vouchers where id like 'csv-composed-%'`);
  await db?.execute(sql`delete from wallets where id like 'csv-composed-%'`);
  await s?.close();
});

async function csvOf(doc: ExportDocument): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeCsv(doc, out);
  return Buffer.concat(chunks).toString('utf8');
}

describe('a CSV statement composed by the database', () => {
  it('is byte for byte the CSV written from the statement lines', async () => {
    const filters: ExportFilters = { walletIds: WALLETS, fromDate: '2025-12-31', toDate: '2026-01-02' };
    const accounts = await exportAccounts(db, undefined, filters);
    expect(accounts.map((a) => [a.id, a.dp])).toEqual([
      [WALLETS[0], 3],
      [WALLETS[1], 2],
    ]);
    const doc: ExportDocument = {
      kind: 'wallet',
      reportName: 'CSV',
      fromDate: filters.fromDate ?? '',
      toDate: filters.toDate ?? '',
      generatedAt: new Date(),
      accounts,
      lines: () => statementBatches(db, accounts, filters),
      linesOf: (account) => statementBatches(db, [account], filters),
      progress: async () => undefined,
    };
    const formatted = await csvOf(doc);
    const composed = await csvOf({ ...doc, texts: (column) => statementTexts(db, accounts, filters, column) });
    // Both ways hold every line, and the lines that need quoting, defusing, padding and rounding.
    expect(formatted.split('\r\n').length).toBeGreaterThan(TEXTS.length * 3);
    for (const part of ['"a,b"', '"say ""hi"""', '"line\nbreak"', "'=SUM(A1:A9)", `"'=a,""b"""`, "'-x", ',-5 dollars,', "'@home", '"\'\rcr first"']) {
      expect(formatted).toContain(part);
    }
    for (const figure of ['1.500', '1.50,', '0.123', '0.12,', '-1.005', '-1.01', '-0.00', '100000000.00']) expect(formatted).toContain(figure);
    expect(composed).toBe(formatted);
  });

  it('is the same for one account alone', async () => {
    const filters: ExportFilters = { walletIds: [WALLETS[0] ?? ''], fromDate: '2025-12-31', toDate: '2026-01-02' };
    const accounts = await exportAccounts(db, undefined, filters);
    const doc: ExportDocument = {
      kind: 'wallet',
      reportName: 'CSV',
      fromDate: filters.fromDate ?? '',
      toDate: filters.toDate ?? '',
      generatedAt: new Date(),
      accounts,
      lines: () => statementBatches(db, accounts, filters),
      linesOf: (account) => statementBatches(db, [account], filters),
      progress: async () => undefined,
    };
    const composed = await csvOf({ ...doc, texts: (column) => statementTexts(db, accounts, filters, column) });
    expect(composed.split('\r\n').length).toBeGreaterThan(TEXTS.length);
    expect(composed).toBe(await csvOf(doc));
  });
});

import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { writeCsv } from './formats/csv.ts';
import type { ExportDocument } from './formats/document.ts';
import { CrlfLines } from './crlf-lines.ts';
import { exportAccounts, statementBatches, statementCsv, type ExportAccount } from './statement-source.ts';

/*
 * A wallet statement's CSV is written two ways: by PostgreSQL's COPY (on PostgreSQL) and line by line here
 * (on PGlite). Both must write the same bytes, including the cells a spreadsheet would misread.
 */

let s: TestServer;
const onPostgres = inject('postgresUrl') !== '';
const filters = { walletIds: ['csv-test-xta', 'csv-test-xtb'], fromDate: '2026-01-01', toDate: '2026-01-01' };

// [description, transaction id, category, debit or credit, amount, balance after]
const LINES: Array<[string | null, string | null, string, 'C' | 'D', string, string]> = [
  ['plain', 'tx-1', 'TOPUP', 'C', '10.125', '10.125'],
  ['with, comma', 'tx-2', 'TOPUP', 'C', '1.0005', '11.1255'],
  ['with "quotes"', '=tx-3', 'TOPUP', 'D', '20', '-8.8745'],
  ['two\nlines', null, 'PAYOUT', 'D', '0.0004', '-8.8749'],
  ['=SUM(A1)', 'tx-5', '@CATEGORY', 'C', '100', '91.1251'],
  ['+1 555 0100', 'tx-6', 'TOPUP', 'C', '0.5', '91.6251'],
  ['-5 apples', 'tx-7', 'TOPUP', 'C', '0.5', '92.1251'],
  ['-minus', 'tx-8', 'TOPUP', 'C', '0.5', '92.6251'],
  ['\ttab', 'tx-9', 'TOPUP', 'C', '0.5', '93.1251'],
  ['', 'tx-10', 'TOPUP', 'C', '0.5', '93.6251'],
  [null, 'tx-11', 'TOPUP', 'C', '0.5', '94.1251'],
  ['crlf\r\ninside, "and" more', 'tx-12', 'TOPUP', 'C', '0.5', '94.6251'],
  ['ümlaut عربي', 'tx-13', 'TOPUP', 'C', '1234567.5', '1234662.1251'],
];

beforeAll(async () => {
  s = await startTestServer();
  const { db } = s.database;
  await db.execute(sql`insert into currencies (code, name, dp) values ('XTA', 'Test three', 3), ('XTB', 'Test none', 0) on conflict (code) do nothing`);
  for (const [id, ccy] of [
    ['csv-test-xta', 'XTA'],
    ['csv-test-xtb', 'XTB'],
  ] as const) {
    await db.execute(sql`insert into wallets (id, alias, type, service_provider_id, currency_code, country_code, ledger_code)
      values (${id}, ${`CSV ${ccy}`}, 'SETTLEMENT', 'csv-test-tsp', ${ccy}, 'AE', ${id})`);
  }
  for (const [i, [description, transactionId, category, side, amount, balance]] of LINES.entries()) {
    // Alternate wallets, one second apart: the export interleaves them by time.
    const wallet = i % 2 === 0 ? 'csv-test-xta' : 'csv-test-xtb';
    const ccy = i % 2 === 0 ? 'XTA' : 'XTB';
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i, i === 3 ? 999 : 0)).toISOString();
    await db.execute(sql`insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc, category,
      transaction_id, transaction_type, posted_at)
      values (${`csv-test-${i}`}, ${`V${i}`}, 'POSTED', date '2026-01-01', 0, 0, ${category}, ${transactionId}, ${i === 5 ? null : category}, ${at}::timestamptz)`);
    await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
      amount_in_fc, amount_in_lc, description1, wallet_id, bucket, transaction_id, posted_at, balance_after, wallet_seq)
      values (${`csv-test-line-${i}`}, ${`csv-test-${i}`}, 1, 'Test', 'test', ${ccy}, 1, ${side}, ${amount}, ${amount}, ${description}, ${wallet},
        'balance', ${transactionId}, ${at}::timestamptz, ${balance}, ${i + 1})`);
  }
});
afterAll(async () => {
  // The lines test formatting only (one side each, not vouchers that balance): they go before the ledger's checks at close.
  const db = s?.database.db;
  await db?.execute(sql`delete from voucher_lines where voucher_id like 'csv-test-%'`);
  await db?.execute(sql`delete from vouchers where id like 'csv-test-%'`);
  await db?.execute(sql`delete from wallets where id like 'csv-test-%'`);
  await s?.close();
});

async function csv(accounts: ExportAccount[], byDatabase: boolean): Promise<string> {
  const { db } = s.database;
  const doc: ExportDocument = {
    kind: 'wallet',
    reportName: 'CSV test',
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    generatedAt: new Date(),
    accounts,
    lines: () => statementBatches(db, accounts, filters),
    linesOf: (account) => statementBatches(db, [account], filters),
    csvLines: byDatabase ? statementCsv(db, accounts, filters) : null,
    progress: async (n) => {
      progress += n;
    },
  };
  let progress = 0;
  const out = new PassThrough();
  const [written] = await Promise.all([text(out), writeCsv(doc, out)]);
  expect(progress).toBe(LINES.length);
  return written;
}

const EXPECTED = [
  'date,walletId,transactionId,category,action,mode,description,currency,amount,openingBalance,closingBalance',
  '2026-01-01T00:00:00.000Z,csv-test-xta,tx-1,TOPUP,TOPUP,CREDIT,plain,XTA,10.125,0.000,10.125',
  '2026-01-01T00:00:01.000Z,csv-test-xtb,tx-2,TOPUP,TOPUP,CREDIT,"with, comma",XTB,1,10,11',
  `2026-01-01T00:00:02.000Z,csv-test-xta,'=tx-3,TOPUP,TOPUP,DEBIT,"with ""quotes""",XTA,20.000,11.126,-8.875`,
  '2026-01-01T00:00:03.999Z,csv-test-xtb,,PAYOUT,PAYOUT,DEBIT,"two\nlines",XTB,0,-9,-9',
  `2026-01-01T00:00:04.000Z,csv-test-xta,tx-5,'@CATEGORY,'@CATEGORY,CREDIT,'=SUM(A1),XTA,100.000,-8.875,91.125`,
  `2026-01-01T00:00:05.000Z,csv-test-xtb,tx-6,TOPUP,TOPUP,CREDIT,'+1 555 0100,XTB,1,91,92`,
  '2026-01-01T00:00:06.000Z,csv-test-xta,tx-7,TOPUP,TOPUP,CREDIT,-5 apples,XTA,0.500,91.625,92.125',
  `2026-01-01T00:00:07.000Z,csv-test-xtb,tx-8,TOPUP,TOPUP,CREDIT,'-minus,XTB,1,92,93`,
  `2026-01-01T00:00:08.000Z,csv-test-xta,tx-9,TOPUP,TOPUP,CREDIT,'\ttab,XTA,0.500,92.625,93.125`,
  '2026-01-01T00:00:09.000Z,csv-test-xtb,tx-10,TOPUP,TOPUP,CREDIT,,XTB,1,93,94',
  '2026-01-01T00:00:10.000Z,csv-test-xta,tx-11,TOPUP,TOPUP,CREDIT,,XTA,0.500,93.625,94.125',
  '2026-01-01T00:00:11.000Z,csv-test-xtb,tx-12,TOPUP,TOPUP,CREDIT,"crlf\r\ninside, ""and"" more",XTB,1,94,95',
  '2026-01-01T00:00:12.000Z,csv-test-xta,tx-13,TOPUP,TOPUP,CREDIT,ümlaut عربي,XTA,1234567.500,94.625,1234662.125',
].join('\r\n');

describe('a wallet statement as CSV', () => {
  it('is written line by line with its quoting, defused formulas and each currency’s decimals', async () => {
    const accounts = await exportAccounts(s.database.db, undefined, filters);
    expect(accounts.map((a) => [a.id, a.dp, a.lines])).toEqual([
      ['csv-test-xta', 3, 7],
      ['csv-test-xtb', 0, 6],
    ]);
    expect(await csv(accounts, false)).toBe(`${EXPECTED}\r\n`);
  });

  it(onPostgres ? 'is the same bytes when PostgreSQL’s COPY writes it' : 'is written line by line on PGlite, which has no COPY to a stream', async () => {
    const accounts = await exportAccounts(s.database.db, undefined, filters);
    expect(statementCsv(s.database.db, accounts, filters) !== null).toBe(onPostgres);
    expect(await csv(accounts, true)).toBe(`${EXPECTED}\r\n`);
  });
});

describe('COPY’s line ends made CRLF', () => {
  const copy = 'a,"b\nc",d\n"x""\n",y\nplain,line\n';
  const crlf = 'a,"b\nc",d\r\n"x""\n",y\r\nplain,line\r\n';

  it('keeps a line end inside a quoted cell and counts the lines, wherever the chunks are cut', () => {
    for (let cut = 0; cut <= copy.length; cut += 1) {
      for (let second = cut; second <= copy.length; second += 1) {
        const lines = new CrlfLines();
        const parts = [copy.slice(0, cut), copy.slice(cut, second), copy.slice(second)].map((p) => lines.convert(Buffer.from(p)));
        expect(parts.map((p) => p.text.toString()).join(''), `cut at ${cut} and ${second}`).toBe(crlf);
        expect(parts.reduce((n, p) => n + p.lines, 0)).toBe(3);
      }
    }
  });

  it('passes UTF-8 text through byte for byte', () => {
    const utf8 = Buffer.from('ümlaut,عربي\n"€",x\n');
    const out = new CrlfLines().convert(utf8);
    expect(out.text.toString('utf8')).toBe('ümlaut,عربي\r\n"€",x\r\n');
    expect(out.lines).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportResult, pageOf, statementLine, statementSummaryRow, wallet } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';

let s: TestServer;
let globex: string;
let stark: string;
let atlas: string;
let meridian: string;
let admin: string;

const linePage = pageOf(statementLine);
const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark, atlas, meridian, admin] = await Promise.all([
    s.token('100000001'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
    s.token('900000001'),
  ]);
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function send(url: string, token: string, payload: object) {
  return s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
}

describe('wallet statements', () => {
  it('pages the merchant statement in a date range, lines chaining opening to closing balance', async () => {
    const [usd] = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=USD', globex)).json()).content;
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const page = linePage.parse(
      (await s.get(`/m/api/v1/wallet/statement?walletIds=${usd?.id ?? ''}&fromDate=${from}&toDate=${today}&sort=date,ASC&size=500`, globex)).json(),
    );
    expect(page.totalElements).toBeGreaterThan(0);
    expect(page.content.every((l) => l.date.slice(0, 10) >= from)).toBe(true);
    for (let i = 1; i < page.content.length; i += 1) {
      expect(page.content[i]?.openingBalance).toBe(page.content[i - 1]?.closingBalance);
    }
    const debits = linePage.parse((await s.get(`/m/api/v1/wallet/statement?walletIds=${usd?.id ?? ''}&mode=DEBIT&size=500`, globex)).json());
    expect(debits.content.every((l) => l.mode === 'DEBIT')).toBe(true);
    const summary = z.array(statementSummaryRow).parse((await s.get(`/m/api/v1/wallet/statement/summary?walletIds=${usd?.id ?? ''}`, globex)).json());
    expect(summary).toHaveLength(1);
    const all = linePage.parse((await s.get(`/m/api/v1/wallet/statement?walletIds=${usd?.id ?? ''}&size=1000`, globex)).json());
    const credits = all.content.filter((l) => l.mode === 'CREDIT').reduce((a, l) => a.plus(l.amount), new Dec(0));
    expect(summary[0]?.totalCredit).toBe(credits.toFixed());
    expect(summary[0]?.count).toBe(all.totalElements);
  });

  it('keeps TSP statements to the TSP', async () => {
    const atlasLines = linePage.parse((await s.get('/s/api/v1/reports/wallets/statement?size=1000', atlas)).json());
    const meridianLines = linePage.parse((await s.get('/s/api/v1/reports/wallets/statement?size=1000', meridian)).json());
    const atlasWallets = new Set(atlasLines.content.map((l) => l.walletId));
    expect(atlasWallets.size).toBeGreaterThan(1);
    expect(meridianLines.content.some((l) => atlasWallets.has(l.walletId))).toBe(false);
    expect((await s.get('/m/api/v1/wallet/statement', atlas)).statusCode).toBe(403);
  });
});

describe('statement exports', () => {
  it('exports the merchant statement as CSV that only the merchant can fetch', async () => {
    const res = await send('/m/api/v1/reports/wallets/statement/export', globex, { reportName: 'Globex Q3', format: 'CSV', fromDate: yearAgo, toDate: today });
    expect(res.statusCode, res.body).toBe(201);
    const result = exportResult.parse(res.json());
    const lines = linePage.parse((await s.get(`/m/api/v1/reports/wallets/statement?fromDate=${yearAgo}&toDate=${today}&size=1`, globex)).json());
    expect(result.rows).toBe(lines.totalElements);
    const file = await s.get(result.url, globex);
    expect(file.statusCode).toBe(200);
    const rows = file.body.trim().split('\r\n');
    expect(rows[0]).toBe('date,walletId,transactionId,category,action,mode,description,currency,amount,openingBalance,closingBalance');
    expect(rows).toHaveLength(result.rows + 1);
    expect((await s.get(result.url, stark)).statusCode).toBe(404);
  });

  it('exports transaction statements, one row per transaction', async () => {
    const docx = await send('/s/api/v1/transaction/statement/export', atlas, { reportName: 'x', format: 'DOCX', fromDate: yearAgo, toDate: today });
    expect(docx.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'format' }] });
    const res = await send('/s/api/v1/transaction/statement/export', atlas, {
      reportName: 'Atlas payouts',
      fromDate: yearAgo,
      toDate: today,
      categories: ['PAYOUT'],
    });
    const result = exportResult.parse(res.json());
    expect(result.rows).toBeGreaterThan(0);
    const body = (await s.get(result.url, atlas)).body;
    expect(body.split('\r\n')[0]).toBe('transactionId,date,category,action,currency,totalCredit,totalDebit,lines');
    expect(body).not.toContain(',TOPUP,');
    const missing = await send('/v1/internal/merchant/transaction/statement/export', admin, { reportName: 'x', fromDate: yearAgo, toDate: today });
    expect(missing.json().invalidParameters[0].parameter).toBe('merchantId');
  });
});

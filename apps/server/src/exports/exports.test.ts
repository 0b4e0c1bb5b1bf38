import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import { exportJob, exportResult, pageOf, statementLine, statementSummaryRow, wallet } from '@corridor/api';
import { Dec } from '@corridor/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { claimExport, ExportWorker, runExport, STALE_MS } from './export-jobs.ts';

let s: TestServer;
let globex: string;
let stark: string;
let walletId: string;
let lines: z.infer<typeof statementLine>[];
let summary: z.infer<typeof statementSummaryRow>;
const dp = 2;

const today = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'corridor-exports-'));
const XSD = fileURLToPath(new URL('../../test-fixtures/camt.053.001.02.xsd', import.meta.url));
const eq = (a: string | number, b: string) => expect(new Dec(String(a)).toFixed(dp), `${a} vs ${b}`).toBe(new Dec(b).toFixed(dp));

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark] = await Promise.all([s.token('100000001'), s.token('100000004')]);
  const [usd] = pageOf(wallet).parse((await s.get('/v1/merchant/wallets?types=PAYMENT&currencyCodes=USD', globex)).json()).content;
  walletId = usd?.id ?? '';
  lines = pageOf(statementLine).parse(
    (await s.get(`/m/api/v1/wallet/statement?walletIds=${walletId}&fromDate=${from}&toDate=${today}&sort=date,ASC&size=1000`, globex)).json(),
  ).content;
  [summary] = z
    .array(statementSummaryRow)
    .parse((await s.get(`/m/api/v1/wallet/statement/summary?walletIds=${walletId}&fromDate=${from}&toDate=${today}`, globex)).json()) as [
    z.infer<typeof statementSummaryRow>,
  ];
});
afterAll(async () => {
  await s?.close();
});

async function exported(format: string, token = globex, extra: object = {}): Promise<Buffer> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/m/api/v1/wallet/statement',
    headers: { authorization: `Bearer ${token}` },
    payload: { reportName: 'Globex USD', format, walletIds: [walletId], fromDate: from, toDate: today, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const result = exportResult.parse(res.json());
  expect(result).toMatchObject({ format, rows: lines.length, status: 'READY' });
  const file = await s.app.inject({ method: 'GET', url: result.url, headers: { authorization: `Bearer ${token}` } });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe('statement exports equal the statement call to the cent', () => {
  it('has lines to compare', () => {
    expect(lines.length).toBeGreaterThan(3);
    expect(summary.count).toBe(lines.length);
  });

  it('CSV: each line with its amount, opening and closing balance', async () => {
    const rows = (await exported('CSV')).toString('utf8').trim().split('\r\n');
    expect(rows[0]).toBe('date,walletId,transactionId,category,action,mode,description,currency,amount,openingBalance,closingBalance');
    expect(rows).toHaveLength(lines.length + 1);
    rows.slice(1).forEach((row, i) => {
      const cells = row.split(',');
      const l = lines[i];
      if (!l) throw new Error('line missing');
      expect(cells[2]).toBe(l.transactionId ?? '');
      expect(cells[5]).toBe(l.mode);
      eq(cells.at(-3) ?? '', l.amount);
      eq(cells.at(-2) ?? '', l.openingBalance);
      eq(cells.at(-1) ?? '', l.closingBalance);
    });
  });

  it('XLSX: read back with exceljs, the summary balances and every line', async () => {
    const book = new ExcelJS.Workbook();
    const xlsx = await exported('XLSX');
    await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer);
    const sum = book.getWorksheet('Summary');
    const row = sum?.getRow(4);
    expect(row?.getCell(1).value).toBe(walletId);
    eq(row?.getCell(5).value as number, summary.openingBalance);
    eq(row?.getCell(6).value as number, summary.closingBalance);
    expect(row?.getCell(5).numFmt).toBe('#,##0.00');
    const sheet = book.getWorksheet('Statement');
    expect(sheet?.rowCount).toBe(lines.length + 1);
    lines.forEach((l, i) => {
      const r = sheet?.getRow(i + 2);
      expect(r?.getCell(3).value).toBe(l.transactionId);
      eq(r?.getCell(9).value as number, l.amount);
      eq(r?.getCell(10).value as number, l.openingBalance);
      eq(r?.getCell(11).value as number, l.closingBalance);
    });
  });

  it('PDF: the brand, opening and closing balance with the currency decimals, page numbers, the Arabic face embedded', async () => {
    const path = join(dir, 'statement.pdf');
    writeFileSync(path, await exported('PDF', globex, { reportName: 'كشف حساب المحفظة' }));
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Corridor');
    expect(text).toContain(`Opening balance ${new Dec(summary.openingBalance).toFixed(dp)} USD`);
    expect(text).toContain(`Closing balance ${new Dec(summary.closingBalance).toFixed(dp)} USD`);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Every line's balance is printed.
    for (const l of lines) expect(text).toContain(new Dec(l.closingBalance).toFixed(dp));
    expect(execFileSync('pdffonts', [path], { encoding: 'utf8' })).toMatch(/NotoSansArabic/);
  });

  it('MT940: parsed back into its balances and lines, in SWIFT field lengths and character set', async () => {
    const text = (await exported('MT940')).toString('utf8');
    const fields = text.split('\r\n').filter((f) => f !== '');
    for (const f of fields) {
      expect(f).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]*$/);
      expect(f.length).toBeLessThanOrEqual(70);
    }
    const amount = (t: string) => new Dec(t.replace(',', '.'));
    const opening = /:60F:([CD])(\d{6})USD([\d,]+)/.exec(text);
    const closing = /:62F:([CD])(\d{6})USD([\d,]+)/.exec(text);
    if (!opening || !closing) throw new Error('no balances');
    eq((opening[1] === 'D' ? amount(opening[3] ?? '').neg() : amount(opening[3] ?? '')).toFixed(), summary.openingBalance);
    eq((closing[1] === 'D' ? amount(closing[3] ?? '').neg() : amount(closing[3] ?? '')).toFixed(), summary.closingBalance);
    expect(/:20:.{1,16}$/m.test(text)).toBe(true);
    expect(/:28C:\d{5}\/\d{5}/.test(text)).toBe(true);
    const entries = [...text.matchAll(/:61:(\d{6})(\d{4})([CD])([\d,]+)NTRF(\S{1,16})\r\n:86:/g)];
    expect(entries).toHaveLength(lines.length);
    let running = amount(opening[3] ?? '');
    if (opening[1] === 'D') running = running.neg();
    entries.forEach((e, i) => {
      const l = lines[i];
      if (!l) throw new Error('line missing');
      expect(e[3]).toBe(l.mode === 'CREDIT' ? 'C' : 'D');
      eq(amount(e[4] ?? '').toFixed(), l.amount);
      expect(e[1]).toBe(l.date.slice(2, 4) + l.date.slice(5, 7) + l.date.slice(8, 10));
      running = e[3] === 'C' ? running.plus(amount(e[4] ?? '')) : running.minus(amount(e[4] ?? ''));
      eq(running.toFixed(), l.closingBalance);
    });
  });

  it('camt.053.001.02: valid against the published schema, balances OPBD/CLBD and every entry', async () => {
    const path = join(dir, 'statement.xml');
    const xml = (await exported('CAMT053')).toString('utf8');
    writeFileSync(path, xml);
    execFileSync('xmllint', ['--noout', '--schema', XSD, path], { stdio: 'pipe' });
    const bal = (code: string) => {
      const m = new RegExp(`<Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">([\\d.]+)</Amt><CdtDbtInd>(CRDT|DBIT)</CdtDbtInd>`).exec(xml);
      if (!m) throw new Error(`no ${code}`);
      return m[2] === 'DBIT' ? new Dec(m[1] ?? '').neg().toFixed() : (m[1] ?? '');
    };
    eq(bal('OPBD'), summary.openingBalance);
    eq(bal('CLBD'), summary.closingBalance);
    const entries = [
      ...xml.matchAll(/<Ntry>(?:<NtryRef>([^<]+)<\/NtryRef>)?<Amt Ccy="USD">([\d.]+)<\/Amt><CdtDbtInd>(CRDT|DBIT)<\/CdtDbtInd>.*?<ValDt><Dt>([\d-]+)<\/Dt>/g),
    ];
    expect(entries).toHaveLength(lines.length);
    entries.forEach((e, i) => {
      const l = lines[i];
      if (!l) throw new Error('line missing');
      eq(e[2] ?? '', l.amount);
      expect(e[3]).toBe(l.mode === 'CREDIT' ? 'CRDT' : 'DBIT');
      expect(e[4]).toBe(l.date.slice(0, 10));
      expect(e[1]).toBe(l.transactionId?.replace(/-/g, ''));
    });
  });

  it('schema validation can fail: a statement without its balances is refused by xmllint', () => {
    const path = join(dir, 'broken.xml');
    writeFileSync(
      path,
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>X</MsgId><CreDtTm>2026-01-01T00:00:00Z</CreDtTm></GrpHdr><Stmt><Id>1</Id><CreDtTm>2026-01-01T00:00:00Z</CreDtTm><Acct><Id><Othr><Id>A</Id></Othr></Id></Acct></Stmt></BkToCstmrStmt></Document>',
    );
    expect(() => execFileSync('xmllint', ['--noout', '--schema', XSD, path], { stdio: 'pipe' })).toThrow();
  });

  it("refuses another organisation's wallet by name, and an unknown format", async () => {
    const foreign = await s.app.inject({
      method: 'POST',
      url: '/m/api/v1/wallet/statement',
      headers: { authorization: `Bearer ${stark}` },
      payload: { reportName: 'x', format: 'CSV', walletIds: [walletId], fromDate: from, toDate: today },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters?.[0]?.parameter ?? foreign.json().message).toMatch(/walletIds/);
    const bad = await s.app.inject({
      method: 'POST',
      url: '/m/api/v1/wallet/statement',
      headers: { authorization: `Bearer ${globex}` },
      payload: { reportName: 'x', format: 'DOCX', fromDate: from, toDate: today },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters[0].parameter).toBe('format');
  });
});

describe('export jobs', () => {
  const create = async (format: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/v1/reports/exports',
      headers: { authorization: `Bearer ${globex}` },
      payload: { reportName: 'Globex job', format, walletIds: [walletId], fromDate: from, toDate: today },
    });
    expect(res.statusCode, res.body).toBe(202);
    return exportJob.parse(res.json());
  };
  const get = async (id: string, token = globex) =>
    s.app.inject({ method: 'GET', url: `/v1/reports/exports/${id}`, headers: { authorization: `Bearer ${token}` } });

  it('runs a queued job to READY with its progress, lists it with its parameters, and resumes a download by Range', async () => {
    const job = await create('CSV');
    expect(job).toMatchObject({ status: 'QUEUED', linesExpected: lines.length, linesDone: 0, kind: 'WALLET_STATEMENT' });
    expect((await s.app.inject({ method: 'GET', url: job.downloadUrl, headers: { authorization: `Bearer ${globex}` } })).statusCode).toBe(409);
    const worker = new ExportWorker(s.services.db, s.services.files, { workerId: 'worker-a', now: () => s.config.now() });
    expect(await worker.runOnce()).toBe(true);
    const done = exportJob.parse((await get(job.id)).json());
    expect(done).toMatchObject({ status: 'READY', linesDone: lines.length, linesExpected: lines.length });
    const whole = await s.app.inject({ method: 'GET', url: done.downloadUrl, headers: { authorization: `Bearer ${globex}` } });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.trim().split('\r\n')).toHaveLength(lines.length + 1);
    const tail = await s.app.inject({ method: 'GET', url: done.downloadUrl, headers: { authorization: `Bearer ${globex}`, range: 'bytes=100-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 100-${whole.rawPayload.length - 1}/${whole.rawPayload.length}`);
    expect(Buffer.concat([whole.rawPayload.subarray(0, 100), tail.rawPayload]).equals(whole.rawPayload)).toBe(true);
    const list = pageOf(exportJob).parse((await s.get('/v1/reports/exports', globex)).json());
    expect(list.content.find((j) => j.id === job.id)?.parameters).toMatchObject({ walletIds: [walletId], fromDate: from, toDate: today });
    expect((await get(job.id, stark)).statusCode).toBe(404);
    expect(
      pageOf(exportJob)
        .parse((await s.get('/v1/reports/exports', stark)).json())
        .content.some((j) => j.id === job.id),
    ).toBe(false);
  });

  it('survives its process dying: a stale job is claimed again, finished once, and the dead claim cannot finish it', async () => {
    const job = await create('MT940');
    const dead = await claimExport(s.services.db, 'worker-dead', s.config.now());
    expect(dead?.id).toBe(job.id);
    // While the claim beats (fresh heartbeat) no one else takes it.
    expect(await claimExport(s.services.db, 'worker-b', s.config.now())).toBeNull();
    s.advance(STALE_MS + 1_000);
    const worker = new ExportWorker(s.services.db, s.services.files, { workerId: 'worker-b', now: () => s.config.now() });
    expect(await worker.runOnce()).toBe(true);
    const done = (await get(job.id)).json();
    expect(done).toMatchObject({ status: 'READY', linesDone: lines.length });
    // The process that died comes back and tries to finish: it lost the job, and leaves no second file.
    if (!dead) throw new Error('no claim');
    expect(await runExport(s.services.db, s.services.files, dead, 'worker-dead', () => s.config.now())).toBe('LOST');
    const stored = await s.services.db.execute(sql`select count(*)::int as n from files where for_entity = 'Globex job' and name like '%.sta'`);
    expect(rowsOf<{ n: number }>(stored)[0]?.n).toBe(1);
    expect(done.fileName).toMatch(/\.sta$/);
    expect(await worker.runOnce()).toBe(false);
  });
});

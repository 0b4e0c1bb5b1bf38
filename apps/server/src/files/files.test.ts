import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fileLink, pageOf, storedFile, wallet } from '@corridor/api';
import { Dec, MASS_COLUMNS, MASS_TEMPLATE_FILE, isValidIban, massTemplateCsv, readFileAmount, usesIban, type MassColumn } from '@corridor/domain';
import * as t from '../db/schema.ts';
import { seedReferenceData } from '../seed/seed.ts';
import { multipart, startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let globex: string;
let globex2: string;
let stark: string;

beforeAll(async () => {
  s = await startTestServer();
  [globex, globex2, stark] = await Promise.all([s.token('100000001'), s.token('100000011'), s.token('100000004')]);
});
afterAll(async () => s?.close());

async function upload(token: string, name: string, content: string, query = 'category=KYC&for=merchant-profile-1', headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/plain' }));
  const body = await multipart(form);
  return s.app.inject({
    method: 'POST',
    url: `/files?${query}`,
    headers: { authorization: `Bearer ${token}`, ...body.headers, ...headers },
    payload: body.payload,
  });
}

describe('files', () => {
  it('uploads a file and downloads the same bytes with its name', async () => {
    const res = await upload(globex, 'trade licence.txt', 'licence #42');
    expect(res.statusCode).toBe(201);
    const file = storedFile.parse(res.json());
    expect(file).toMatchObject({
      name: 'trade licence.txt',
      category: 'KYC',
      for: 'merchant-profile-1',
      fileExtension: 'txt',
      size: 11,
      uploadedBy: 'Omar Rahman',
    });
    const download = await s.get(`/files/${file.filename}`, globex);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('licence #42');
    expect(download.headers['content-type']).toContain('text/plain');
    expect(download.headers['content-disposition']).toContain('trade licence.txt');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the files of the caller organisation only, with filters', async () => {
    await upload(globex2, 'invoice.txt', 'INV-1', 'category=INVOICE');
    await upload(stark, 'stark.txt', 'secret', 'category=KYC');
    const page = pageOf(storedFile).parse((await s.get('/files?sort=name,ASC', globex)).json());
    expect(page.content.map((f) => f.name)).toEqual(['invoice.txt', 'trade licence.txt']);
    const kyc = pageOf(storedFile).parse((await s.get('/files?category=KYC', globex)).json());
    expect(kyc.content.map((f) => f.name)).toEqual(['trade licence.txt']);
    const starkPage = pageOf(storedFile).parse((await s.get('/files', stark)).json());
    expect(starkPage.content.map((f) => f.name)).toEqual(['stark.txt']);
  });

  it('does not let another organisation download a file', async () => {
    const file = storedFile.parse((await upload(stark, 'private.txt', 'x')).json());
    const res = await s.get(`/files/${file.filename}`, globex);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await s.get(`/files/${file.filename}/url`, globex)).statusCode).toBe(404);
  });

  it('refuses an upload without a file part or a category, naming the field', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const body = await multipart(form);
    const res = await s.app.inject({
      method: 'POST',
      url: '/files?category=KYC',
      headers: { authorization: `Bearer ${globex}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().invalidParameters).toEqual([{ parameter: 'file', message: 'file is required' }]);
    const noCategory = await upload(globex, 'a.txt', 'a', 'for=x');
    expect(noCategory.json().invalidParameters[0].parameter).toBe('category');
  });

  it('refuses a file over 20 MB with 413 PAYLOAD_TOO_LARGE and stores nothing', async () => {
    const res = await upload(stark, 'huge.txt', 'x'.repeat(20 * 1024 * 1024 + 1), 'category=HUGE');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(pageOf(storedFile).parse((await s.get('/files?category=HUGE', stark)).json()).totalElements).toBe(0);
  });

  it('replays an upload with the same Idempotency-Key instead of storing it twice', async () => {
    const first = await upload(globex, 'once.txt', 'only once', 'category=MISC', { 'idempotency-key': 'upload-1' });
    const again = await upload(globex, 'once.txt', 'only once', 'category=MISC', { 'idempotency-key': 'upload-1' });
    expect(again.json()).toEqual(first.json());
    const page = pageOf(storedFile).parse((await s.get('/files?category=MISC', globex)).json());
    expect(page.totalElements).toBe(1);
    const changed = await upload(globex, 'once.txt', 'other bytes', 'category=MISC', { 'idempotency-key': 'upload-1' });
    expect(changed.statusCode).toBe(422);
  });
});

describe('signed links', () => {
  it('gives a link that works without a session until it expires', async () => {
    const file = storedFile.parse((await upload(globex, 'statement.txt', 'balance 100.00')).json());
    const link = fileLink.parse((await s.get(`/files/${file.filename}/url?ttl=60`, globex)).json());
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/public/files/${file.filename}`);
    expect([...url.searchParams.keys()].sort()).toEqual(['token', 'ttl', 'user']);
    const ok = await s.get(`${url.pathname}${url.search}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('balance 100.00');
    s.advance(61_000);
    const expired = await s.get(`${url.pathname}${url.search}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('LINK_EXPIRED');
  });

  it('refuses a tampered link', async () => {
    const file = storedFile.parse((await upload(globex, 'other.txt', 'abc')).json());
    const link = new URL(fileLink.parse((await s.get(`/files/${file.filename}/url`, globex)).json()).url);
    const longer = new URL(link);
    longer.searchParams.set('ttl', String(Number(link.searchParams.get('ttl')) + 86_400));
    const someoneElse = new URL(link);
    someoneElse.searchParams.set('user', 'another-user');
    const otherFile = `/public/files/${storedFile.parse((await upload(stark, 's.txt', 's')).json()).filename}${link.search}`;
    for (const url of [`${longer.pathname}${longer.search}`, `${someoneElse.pathname}${someoneElse.search}`, otherFile]) {
      const res = await s.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
  });

  it('serves common files by name to any signed-in user, and 404 for others', async () => {
    const res = await s.get('/c/api/v1/public/file/download/mass-payment-template.csv?type=csv', stark);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(MASS_COLUMNS.join(','));
    expect((await s.get('/c/api/v1/public/file/download/mass-payment-template.csv?type=pdf', stark)).statusCode).toBe(404);
    expect((await s.get('/c/api/v1/public/file/download/mass-payment-template.csv')).statusCode).toBe(401);
  });

  it('serves the mass payment template the portal reads: its columns, and example rows ready to send', async () => {
    const res = await s.get(`/c/api/v1/public/file/download/${MASS_TEMPLATE_FILE}?type=csv`, globex);
    expect(res.statusCode).toBe(200);
    // The very text the portal's template button builds, so the portal's reader test covers it too.
    expect(res.body).toBe(massTemplateCsv());
    const [header = '', ...lines] = res.body.split('\r\n').filter((line) => line !== '');
    expect(header.split(',')).toEqual([...MASS_COLUMNS]);
    expect(lines.length).toBeGreaterThan(0);
    const dp = new Map((await s.services.db.select({ code: t.currencies.code, dp: t.currencies.dp }).from(t.currencies)).map((c) => [c.code, c.dp]));
    for (const line of lines) {
      const cells = line.split(',');
      expect(cells, line).toHaveLength(MASS_COLUMNS.length);
      const row = Object.fromEntries(MASS_COLUMNS.map((c, i) => [c, cells[i] ?? ''])) as Record<MassColumn, string>;
      // What the portal's reader asks of a row naming a new receiver: a currency it knows, an amount
      // under the file amount rule above zero, a name, a country and an account (an IBAN where the country uses them).
      expect(dp.has(row.currency), line).toBe(true);
      const amount = readFileAmount(row.amount, { decimals: dp.get(row.currency) });
      expect(amount.ok && new Dec(amount.value).gt(0), line).toBe(true);
      expect(row.receiverName, line).not.toBe('');
      expect(row.receiverCountry, line).toMatch(/^[A-Z]{2}$/);
      if (usesIban(row.receiverCountry)) expect(isValidIban(row.iban), line).toBe(true);
      else expect(row.accountNumber, line).not.toBe('');
      // The demo merchant can send it: it holds an active payment wallet in the row's currency.
      const wallets = pageOf(wallet).parse((await s.get(`/v1/merchant/wallets?types=PAYMENT&currencyCodes=${row.currency}`, globex)).json());
      expect(wallets.content.length, line).toBeGreaterThan(0);
    }
  });

  it('replaces a common file an older release seeded with other content', async () => {
    const where = and(eq(t.files.originalName, MASS_TEMPLATE_FILE), eq(t.files.isCommon, true));
    const old = await s.services.files.write(Buffer.from('beneficiaryName,iban,amount\nJane Doe,GB29NWBK60161331926819,1250.00\n'));
    await s.services.db.update(t.files).set({ storageKey: old.key, sha256: old.sha256, size: old.size }).where(where);
    const url = `/c/api/v1/public/file/download/${MASS_TEMPLATE_FILE}`;
    expect((await s.get(url, globex)).body).toContain('beneficiaryName');
    await seedReferenceData(s.services.db, s.services.files);
    expect((await s.get(url, globex)).body).toBe(massTemplateCsv());
    expect(await s.services.db.select({ id: t.files.id }).from(t.files).where(where)).toHaveLength(1);
  });

  it('keeps files without an owning organisation (operations uploads) to admins only', async () => {
    const [admin, atlas] = await Promise.all([s.token('900000001'), s.token('200000001')]);
    const file = storedFile.parse((await upload(admin, 'ops-notes.txt', 'internal only', 'category=OPS')).json());
    expect((await s.get(`/files/${file.filename}`, admin)).body).toBe('internal only');
    expect((await s.get(`/files/${file.filename}/url`, admin)).statusCode).toBe(200);
    const adminList = pageOf(storedFile).parse((await s.get('/files?category=OPS', admin)).json());
    expect(adminList.content.map((f) => f.filename)).toContain(file.filename);
    for (const token of [globex, stark, atlas]) {
      expect((await s.get(`/files/${file.filename}`, token)).statusCode).toBe(404);
      expect((await s.get(`/files/${file.filename}/url`, token)).statusCode).toBe(404);
      expect(pageOf(storedFile).parse((await s.get('/files?category=OPS', token)).json()).totalElements).toBe(0);
      // The common download path serves only files marked common, never an operations upload.
      expect((await s.get(`/c/api/v1/public/file/download/${file.filename}`, token)).statusCode).toBe(404);
      expect((await s.get('/c/api/v1/public/file/download/ops-notes.txt', token)).statusCode).toBe(404);
    }
  });
});

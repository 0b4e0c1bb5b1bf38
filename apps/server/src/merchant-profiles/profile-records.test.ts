import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comment, merchantProfile, pageOf, profileDocument, profileSettlement, storedFile } from '@corridor/api';
import { organisations, wallets } from '../db/schema.ts';
import { multipart, startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;
let atlas2: string;
let meridian: string;
let globexProfile: string;
let starkProfile: string;
const org = new Map<string, string>();
const id = (code: string) => org.get(code) ?? '';

const SP = '/v1/service-provider/merchant-profiles';

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}
function fieldsOf(res: { json: () => unknown }): string[] {
  return ((res.json() as { invalidParameters?: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
}

async function upload(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new File(['scanned licence'], name, { type: 'application/pdf' }));
  const body = await multipart(form);
  const res = await s.app.inject({
    method: 'POST',
    url: '/files?category=KYC&for=merchant-profile',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return storedFile.parse(res.json()).id;
}

beforeAll(async () => {
  s = await startTestServer();
  [atlas, atlas2, meridian] = await Promise.all([s.token('200000001'), s.token('200000011'), s.token('200000002')]);
  for (const row of await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)) org.set(row.code, row.id);
  const profileOf = async (token: string, merchant: string) =>
    pageOf(merchantProfile).parse((await s.get(`${SP}?merchantServiceId=${id(merchant)}`, token)).json()).content[0]?.id ?? '';
  globexProfile = await profileOf(atlas, 'GLOBEX');
  starkProfile = await profileOf(meridian, 'STARK');
});
afterAll(async () => s?.close());

describe('merchant profile comments', () => {
  it('adds, lists, edits and deletes a comment; only its author may change it', async () => {
    const added = await send('POST', `${SP}/${globexProfile}/comments`, atlas, { content: 'Trade licence renewed until 2027' });
    expect(added.statusCode, added.body).toBe(201);
    const created = comment.parse(added.json());
    expect(created.createdBy.name).toBe('Amira Haddad');
    await send('POST', `${SP}/${globexProfile}/comments`, atlas2, { content: 'Checked with the registry' });
    const thread = pageOf(comment).parse((await s.get(`${SP}/${globexProfile}/comments`, atlas)).json());
    expect(thread.content.map((c) => c.content)).toEqual(['Trade licence renewed until 2027', 'Checked with the registry']);

    const byOther = await send('PATCH', `${SP}/${globexProfile}/comments/${created.id}`, atlas2, { content: 'rewritten' });
    expect(byOther.statusCode).toBe(403);
    expect((await send('DELETE', `${SP}/${globexProfile}/comments/${created.id}`, atlas2)).statusCode).toBe(403);
    const edited = await send('PATCH', `${SP}/${globexProfile}/comments/${created.id}`, atlas, { content: 'Trade licence renewed until 2028' });
    expect(comment.parse(edited.json()).content).toBe('Trade licence renewed until 2028');
    expect((await send('DELETE', `${SP}/${globexProfile}/comments/${created.id}`, atlas)).statusCode).toBe(204);
    const after = pageOf(comment).parse((await s.get(`${SP}/${globexProfile}/comments`, atlas)).json());
    expect(after.content.map((c) => c.content)).toEqual(['Checked with the registry']);
    expect((await send('PATCH', `${SP}/${globexProfile}/comments/${created.id}`, atlas, { content: 'again' })).statusCode).toBe(404);
  });

  it("keeps another TSP's profile out (404) and names a missing content", async () => {
    expect((await s.get(`${SP}/${starkProfile}/comments`, atlas)).statusCode).toBe(404);
    expect((await send('POST', `${SP}/${starkProfile}/comments`, atlas, { content: 'hello' })).statusCode).toBe(404);
    const empty = await send('POST', `${SP}/${globexProfile}/comments`, atlas, { content: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['content']);
    const [theirs] = pageOf(comment).parse((await s.get(`${SP}/${globexProfile}/comments`, atlas)).json()).content;
    expect((await send('PATCH', `${SP}/${starkProfile}/comments/${theirs?.id ?? ''}`, meridian, { content: 'x' })).statusCode).toBe(404);
  });
});

describe('merchant profile documents', () => {
  it("attaches the TSP's own upload and lists it with its link; another organisation's file is 404 naming fileId", async () => {
    const fileId = await upload(atlas, 'globex-licence.pdf');
    const res = await send('POST', `${SP}/${globexProfile}/documents`, atlas, { fileId, name: 'Trade licence', documentType: 'TRADE_LICENCE' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = profileDocument.parse(res.json());
    expect(doc).toMatchObject({ fileId, name: 'Trade licence', documentType: 'TRADE_LICENCE', fileExtension: 'pdf', uploadedBy: 'Amira Haddad' });
    expect(doc.url).toMatch(/^\/files\//);
    expect((await s.get(doc.url, atlas)).statusCode).toBe(200);
    const list = pageOf(profileDocument).parse((await s.get(`${SP}/${globexProfile}/documents`, atlas)).json());
    expect(list.content.map((d) => d.id)).toEqual([doc.id]);

    const theirs = await upload(meridian, 'stark.pdf');
    const foreign = await send('POST', `${SP}/${globexProfile}/documents`, atlas, { fileId: theirs, name: 'x', documentType: 'OTHER' });
    expect(foreign.statusCode).toBe(404);
    expect(fieldsOf(foreign)).toEqual(['fileId']);
    expect((await s.get(`${SP}/${globexProfile}/documents`, meridian)).statusCode).toBe(404);
    const missing = await send('POST', `${SP}/${globexProfile}/documents`, atlas, { name: 'x', documentType: 'OTHER' });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['fileId']);
  });
});

describe('merchant profile settlements', () => {
  it("adds a set-up on the merchant's wallet, lists and removes it; foreign wallets and wrong currencies are refused", async () => {
    const [wallet] = await s.services.db
      .select()
      .from(wallets)
      .where(eq(wallets.merchantServiceId, id('GLOBEX')));
    const [starkWallet] = await s.services.db
      .select()
      .from(wallets)
      .where(eq(wallets.merchantServiceId, id('STARK')));
    if (!wallet || !starkWallet) throw new Error('demo wallets missing');
    const cycle = { mode: 'MONTHLY', value: 1, settlementDate: null };
    const res = await send('POST', `${SP}/${globexProfile}/settlements`, atlas, { walletId: wallet.id, currency: wallet.currencyCode, settlementCycle: cycle });
    expect(res.statusCode, res.body).toBe(201);
    const created = profileSettlement.parse(res.json());
    expect(created).toMatchObject({ walletId: wallet.id, currency: wallet.currencyCode, settlementCycle: cycle, createdBy: { name: 'Amira Haddad' } });
    const list = pageOf(profileSettlement).parse((await s.get(`${SP}/${globexProfile}/settlements`, atlas)).json());
    expect(list.content.map((x) => x.id)).toEqual([created.id]);

    const foreign = await send('POST', `${SP}/${globexProfile}/settlements`, atlas, {
      walletId: starkWallet.id,
      currency: starkWallet.currencyCode,
      settlementCycle: cycle,
    });
    expect(foreign.statusCode).toBe(404);
    expect(fieldsOf(foreign)).toEqual(['walletId']);
    const other = wallet.currencyCode === 'JPY' ? 'EUR' : 'JPY';
    const currency = await send('POST', `${SP}/${globexProfile}/settlements`, atlas, { walletId: wallet.id, currency: other, settlementCycle: cycle });
    expect(currency.statusCode).toBe(400);
    expect(fieldsOf(currency)).toEqual(['currency']);
    const mode = await send('POST', `${SP}/${globexProfile}/settlements`, atlas, {
      walletId: wallet.id,
      currency: wallet.currencyCode,
      settlementCycle: { ...cycle, mode: 'YEARLY' },
    });
    expect(mode.statusCode).toBe(400);
    expect(fieldsOf(mode)).toEqual(['settlementCycle.mode']);

    expect((await send('DELETE', `${SP}/${globexProfile}/settlements/${created.id}`, meridian)).statusCode).toBe(404);
    expect((await send('DELETE', `${SP}/${globexProfile}/settlements/${created.id}`, atlas)).statusCode).toBe(204);
    expect((await send('DELETE', `${SP}/${globexProfile}/settlements/${created.id}`, atlas)).statusCode).toBe(404);
    expect(pageOf(profileSettlement).parse((await s.get(`${SP}/${globexProfile}/settlements`, atlas)).json()).totalElements).toBe(0);
  });
});

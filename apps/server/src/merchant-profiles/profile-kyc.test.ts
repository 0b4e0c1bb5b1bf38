import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comment, merchantProfile, pageOf, profileDocument, storedFile } from '@corridor/api';
import { organisations } from '../db/schema.ts';
import { multipart, startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
const org = new Map<string, string>();
const id = (code: string) => org.get(code) ?? '';

const SP = '/v1/service-provider/merchant-profiles';

function patch(url: string, token: string, payload: object) {
  return s.app.inject({ method: 'PATCH', url, headers: { authorization: `Bearer ${token}` }, payload });
}
function fieldsOf(res: { json: () => unknown }): string[] {
  return ((res.json() as { invalidParameters?: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
}
async function profileOf(token: string, merchant: string) {
  const page = pageOf(merchantProfile).parse((await s.get(`${SP}?merchantServiceId=${id(merchant)}`, token)).json());
  const found = page.content[0];
  if (!found) throw new Error(`no profile of ${merchant}`);
  return found;
}
async function upload(token: string, name: string, type: string, content: Buffer | string): Promise<string> {
  const form = new FormData();
  form.append('file', new File([content], name, { type }));
  const body = await multipart(form);
  const res = await s.app.inject({
    method: 'POST',
    url: '/files?category=KYC',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return storedFile.parse(res.json()).id;
}

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian] = await Promise.all([s.token('200000001'), s.token('200000002')]);
  for (const row of await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)) org.set(row.code, row.id);
});
afterAll(async () => s?.close());

describe('merchant profile KYC fields', () => {
  it('stores the fields a change names, keeps the others, and clears one sent as null', async () => {
    const before = await profileOf(atlas, 'UMBRELLA');
    expect(before.kyc.legalName).toBe('Umbrella Logistics Ltd');
    const res = await patch(`${SP}/${before.id}`, atlas, { kyc: { taxNumber: 'GB123456789', contactPhone: '+44 20 7000 1234', registeredAddress: null } });
    expect(res.statusCode, res.body).toBe(200);
    const after = merchantProfile.parse(res.json());
    expect(after.kyc).toMatchObject({
      legalName: 'Umbrella Logistics Ltd',
      taxNumber: 'GB123456789',
      contactPhone: '+44 20 7000 1234',
      registeredAddress: null,
    });
    expect(merchantProfile.parse((await s.get(`${SP}/${before.id}`, atlas)).json()).kyc.taxNumber).toBe('GB123456789');
  });

  it('refuses a bad field with a 400 naming it, and changes nothing', async () => {
    const profile = await profileOf(atlas, 'INITECH');
    const cases: Array<[object, string]> = [
      [{ contactEmail: 'not-an-email' }, 'kyc.contactEmail'],
      [{ taxNumber: 'x' }, 'kyc.taxNumber'],
      [{ legalName: '   ' }, 'kyc.legalName'],
      [{ countryOfIncorporation: 'ZZ' }, 'kyc.countryOfIncorporation'],
      [{ countryOfIncorporation: 'india' }, 'kyc.countryOfIncorporation'],
      [{ licenseExpiry: '2001-01-01' }, 'kyc.licenseExpiry'],
      [{ licenseExpiry: '31/12/2030' }, 'kyc.licenseExpiry'],
    ];
    for (const [kyc, field] of cases) {
      const res = await patch(`${SP}/${profile.id}`, atlas, { kyc });
      expect(res.statusCode, `${JSON.stringify(kyc)}: ${res.body}`).toBe(400);
      expect([...new Set(fieldsOf(res))]).toEqual([field]);
    }
    expect((await profileOf(atlas, 'INITECH')).kyc).toEqual(profile.kyc);
  });

  it("is the TSP's own: another TSP's profile is a 404", async () => {
    const stark = await profileOf(meridian, 'STARK');
    expect((await patch(`${SP}/${stark.id}`, atlas, { kyc: { tradingName: 'Taken over' } })).statusCode).toBe(404);
  });
});

describe('merchant profile documents', () => {
  it('attaches a PDF or an image named with its extension, and refuses anything else naming fileId', async () => {
    const profile = await profileOf(atlas, 'UMBRELLA');
    const png = await upload(atlas, 'utility-bill.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const ok = await s.app.inject({
      method: 'POST',
      url: `${SP}/${profile.id}/documents`,
      headers: { authorization: `Bearer ${atlas}` },
      payload: { fileId: png, name: 'Utility bill', documentType: 'PROOF_OF_ADDRESS' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(profileDocument.parse(ok.json()).fileExtension).toBe('png');
    for (const [name, type] of [
      ['notes.txt', 'text/plain'],
      ['licence.pdf', 'image/png'],
      ['page.html', 'text/html'],
    ] as const) {
      const fileId = await upload(atlas, name, type, 'hello');
      const res = await s.app.inject({
        method: 'POST',
        url: `${SP}/${profile.id}/documents`,
        headers: { authorization: `Bearer ${atlas}` },
        payload: { fileId, name, documentType: 'OTHER' },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toEqual(['fileId']);
    }
  });

  it('holds the demo documents: PDFs and a PNG whose content downloads as what it claims to be', async () => {
    const profile = await profileOf(atlas, 'INITECH');
    const docs = pageOf(profileDocument).parse((await s.get(`${SP}/${profile.id}/documents`, atlas)).json()).content;
    expect(docs.map((d) => d.fileExtension)).toEqual(['pdf', 'pdf', 'png']);
    const pdf = await s.get(docs[0]?.url ?? '', atlas);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const png = await s.get(docs[2]?.url ?? '', atlas);
    expect([...png.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const thread = pageOf(comment).parse((await s.get(`${SP}/${profile.id}/comments`, atlas)).json()).content;
    expect(thread.map((c) => c.createdBy.name)).toEqual(['Karim Nasser', 'Karim Nasser']);
  });
});

describe('demo document content', () => {
  async function seededBytes(merchant: string, extension: string): Promise<Buffer[]> {
    const profile = await profileOf(merchant === 'STARK' ? meridian : atlas, merchant);
    const token = merchant === 'STARK' ? meridian : atlas;
    const docs = pageOf(profileDocument).parse((await s.get(`${SP}/${profile.id}/documents`, token)).json()).content;
    const wanted = docs.filter((d) => d.fileExtension === extension);
    return Promise.all(wanted.map(async (d) => (await s.get(d.url, token)).rawPayload));
  }

  it('are PDFs whose cross-reference offsets point at their objects', async () => {
    const [licence] = await seededBytes('INITECH', 'pdf');
    const pdf = licence?.toString('latin1') ?? '';
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(pdf).toContain('(Trade licence: INITECH) Tj');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('are PNGs of 240 by 150 pixels, drawn differently for each merchant', async () => {
    const [initech] = await seededBytes('INITECH', 'png');
    const [stark] = await seededBytes('STARK', 'png');
    expect(initech?.readUInt32BE(16)).toBe(240);
    expect(initech?.readUInt32BE(20)).toBe(150);
    expect(initech?.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(stark && initech?.equals(stark)).toBe(false);
  });
});

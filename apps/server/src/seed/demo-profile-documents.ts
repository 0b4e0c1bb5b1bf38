import { crc32, deflateSync } from 'node:zlib';
import { v7 as uuidv7 } from 'uuid';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files, users } from '../db/schema.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { merchantProfileComments, merchantProfileDocuments, merchantProfiles } from '../merchant-profiles/merchant-profile-schema.ts';
import { seededRandom } from '../lib/seeded-random.ts';

/** A one-page PDF (PDF 1.4, Helvetica) with the given lines, its cross-reference table counted byte by byte. */
function demoPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${760 - i * 24} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small RGB PNG looking like a scanned card: a coloured header band, a photo box and text-like bars,
 * drawn from `seed` so each merchant's image differs and every seeded database holds the same bytes.
 */
function demoPng(seed: number, width = 240, height = 150): Buffer {
  const random = seededRandom(seed);
  const hue = [40 + Math.floor(random() * 120), 60 + Math.floor(random() * 100), 120 + Math.floor(random() * 120)] as const;
  const bars = Array.from({ length: 5 }, (_, i) => ({ y: 56 + i * 16, length: 60 + Math.floor(random() * 90) }));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let rgb: readonly [number, number, number] = [246, 244, 238];
      if (y < 36) rgb = hue;
      else if (x >= 16 && x < 76 && y >= 50 && y < 126) rgb = [200, 204, 210];
      else if (bars.some((b) => y >= b.y && y < b.y + 6 && x >= 90 && x < 90 + b.length)) rgb = [70, 74, 82];
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoDocument {
  name: string;
  documentType: string;
  file: string;
  content: (merchant: string) => Buffer;
}

const DOCUMENTS: readonly DemoDocument[] = [
  {
    name: 'Trade licence',
    documentType: 'TRADE_LICENCE',
    file: 'trade-licence.pdf',
    content: (merchant) => demoPdf([`Trade licence: ${merchant}`, 'Issued by the Department of Economic Development', 'Licence valid until 31/12/2027']),
  },
  {
    name: 'Certificate of incorporation',
    documentType: 'INCORPORATION',
    file: 'certificate-of-incorporation.pdf',
    content: (merchant) => demoPdf([`Certificate of incorporation: ${merchant}`, 'Registered as a limited liability company']),
  },
  {
    name: 'Signatory ID card',
    documentType: 'SIGNATORY_ID',
    file: 'signatory-id.png',
    content: (merchant) => demoPng([...merchant].reduce((sum, c) => sum + c.charCodeAt(0), 0)),
  },
];

/** The KYC fields each demo merchant's TSP keeps, and the review thread its compliance wrote. */
const PROFILES: Record<string, { tsp: string; user: string; kyc: Partial<typeof merchantProfiles.$inferInsert>; comments: readonly string[] }> = {
  INITECH: {
    tsp: 'ATLAS',
    user: '200000011',
    kyc: {
      legalName: 'Initech Imports Private Limited',
      tradingName: 'Initech Imports',
      registrationNumber: 'U51909MH2012PTC1',
      taxNumber: '27AABCI1234F1Z5',
      licenseNumber: 'IEC-0312045678',
      licenseExpiry: '2028-03-31',
      countryOfIncorporation: 'IN',
      registeredAddress: '14 Marine Drive, Mumbai 400002',
      contactEmail: 'compliance@initech.example',
      contactPhone: '+91 22 4000 1234',
    },
    comments: ['Trade licence and incorporation certificate received.', 'Risk assessment waiting for the last two years of accounts.'],
  },
  UMBRELLA: {
    tsp: 'ATLAS',
    user: '200000001',
    kyc: {
      legalName: 'Umbrella Logistics Ltd',
      tradingName: 'Umbrella Logistics',
      registrationNumber: '08123456',
      countryOfIncorporation: 'GB',
      registeredAddress: '5 Canary Wharf, London E14 5AB',
      contactEmail: 'kyc@umbrella.example',
    },
    comments: ["Signatory's ID is a scan: asked for a certified copy.", 'KYC in verification with the registry.'],
  },
  STARK: {
    tsp: 'MERIDIAN',
    user: '200000002',
    kyc: {
      legalName: 'Stark Textiles (Private) Limited',
      tradingName: 'Stark Textiles',
      registrationNumber: '0098765',
      taxNumber: '1234567',
      licenseNumber: 'SECP-2211',
      licenseExpiry: '2029-06-30',
      countryOfIncorporation: 'PK',
      registeredAddress: 'Plot 21, Industrial Area, Lahore',
      contactEmail: 'finance@stark.example',
      contactPhone: '+92 42 3500 1100',
    },
    comments: ['Executive documents approved after the board resolution.'],
  },
  WAYNE: {
    tsp: 'MERIDIAN',
    user: '200000012',
    kyc: { legalName: 'Wayne Foods Inc.', tradingName: 'Wayne Foods', countryOfIncorporation: 'US', contactEmail: 'treasury@wayne.example' },
    comments: ['Risk scoring rejected: the beneficial owner declaration is missing.'],
  },
};

/**
 * Documents (small PDFs and a PNG, stored through the file storage like uploads), KYC fields and review
 * comments on four demo merchant profiles, so the TSP's profile management shows real work. A profile
 * that already has documents is left as it is: running it again changes nothing.
 */
export async function seedDemoProfileDocuments(db: Db, storage: FileStorage, orgs: Map<string, string>, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, digit9Id: users.digit9Id })
    .from(users)
    .where(inArray(users.digit9Id, [...new Set(Object.values(PROFILES).map((p) => p.user))]));
  const userOf = new Map(people.map((u) => [u.digit9Id, u.id]));
  let minute = 0;
  const at = () => new Date(now.getTime() - 3 * 86_400_000 + minute++ * 60_000);
  for (const [code, demo] of Object.entries(PROFILES)) {
    const merchantId = orgs.get(code);
    const tspId = orgs.get(demo.tsp);
    const userId = userOf.get(demo.user);
    if (!merchantId || !tspId || !userId) continue;
    const [profile] = await db
      .select({ id: merchantProfiles.id })
      .from(merchantProfiles)
      .where(and(eq(merchantProfiles.merchantId, merchantId), eq(merchantProfiles.serviceProviderId, tspId)));
    if (!profile) continue;
    const [seeded] = await db
      .select({ id: merchantProfileDocuments.id })
      .from(merchantProfileDocuments)
      .where(eq(merchantProfileDocuments.merchantProfileId, profile.id))
      .limit(1);
    if (seeded) continue;
    await db.update(merchantProfiles).set(demo.kyc).where(eq(merchantProfiles.id, profile.id));
    for (const doc of DOCUMENTS) {
      const stored = await storage.write(doc.content(code));
      const fileId = uuidv7();
      const extension = doc.file.slice(doc.file.lastIndexOf('.') + 1);
      await db.insert(files).values({
        id: fileId,
        name: `${uuidv7()}.${extension}`,
        originalName: `${code.toLowerCase()}-${doc.file}`,
        category: 'KYC',
        forEntity: profile.id,
        mime: extension === 'pdf' ? 'application/pdf' : 'image/png',
        size: stored.size,
        storageKey: stored.key,
        sha256: stored.sha256,
        ownerOrgId: tspId,
        ownerUserId: userId,
        createdAt: at(),
      });
      await db.insert(merchantProfileDocuments).values({
        id: uuidv7(),
        merchantProfileId: profile.id,
        fileId,
        name: doc.name,
        documentType: doc.documentType,
        uploadedBy: userId,
        createdAt: at(),
      });
    }
    const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await db.insert(merchantProfileComments).values(
      demo.comments.map((content) => ({
        id: uuidv7(),
        merchantProfileId: profile.id,
        content,
        createdBy: userId,
        createdByName: author?.name ?? null,
        createdAt: at(),
      })),
    );
  }
}

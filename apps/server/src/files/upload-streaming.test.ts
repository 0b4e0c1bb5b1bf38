import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFile } from '@corridor/api';
import { files } from '../db/schema.ts';
import { moveFileContentToDisk } from './legacy-content.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// A files folder of this file's own, so what is on disk is exactly what this file's uploads left.
let filesDir: string;
let s: TestServer;
let globex: string;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'corridor-upload-'));
  s = await startTestServer({ filesDir });
  globex = await s.token('100000001');
});
afterAll(async () => {
  await s?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const BOUNDARY = 'corridor-test-boundary';
const MB = 1_000_000;

/** A multipart body produced as it is read, so the test never holds it in memory either. */
function streamedBody(parts: Array<{ field: string; name: string; size: number }>, options: { close?: boolean } = {}): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return Readable.from(
    (function* () {
      for (const part of parts) {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
        for (let left = part.size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
        yield Buffer.from('\r\n');
      }
      if (options.close !== false) yield Buffer.from(`--${BOUNDARY}--\r\n`);
    })(),
    { objectMode: false },
  );
}

function upload(payload: Readable | string, headers: Record<string, string> = {}) {
  return s.app.inject({
    method: 'POST',
    url: '/files?category=STREAM',
    headers: { authorization: `Bearer ${globex}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    payload,
  });
}

async function onDisk(): Promise<string[]> {
  return (await readdir(filesDir).catch(() => [])).sort();
}

describe('uploads stream to the files folder', () => {
  it('stores the content on disk by UUID with its sha256, keeps only metadata in the database, and streams it back', async () => {
    const content = 'statement line 1\nstatement line 2\n';
    const form = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="statement.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`;
    const res = await upload(form);
    expect(res.statusCode, res.body).toBe(201);
    const file = storedFile.parse(res.json());
    const [row] = await s.services.db.select().from(files).where(eq(files.id, file.id));
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(row).toMatchObject({ size: content.length, sha256, content: null });
    expect(row?.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await onDisk()).toEqual([row?.storageKey]);
    expect(await readFile(join(filesDir, row?.storageKey ?? ''), 'utf8')).toBe(content);
    const download = await s.get(`/files/${file.filename}`, globex);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(content);
  });

  it('refuses a file part the call does not take, naming it, and keeps nothing', async () => {
    const before = await onDisk();
    const second = await upload(
      streamedBody([
        { field: 'file', name: 'a.bin', size: 1000 },
        { field: 'file', name: 'b.bin', size: 1000 },
      ]),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'file' }] });
    const other = await upload(streamedBody([{ field: 'attachment', name: 'a.bin', size: 1000 }]));
    expect(other.statusCode).toBe(400);
    expect(other.json().invalidParameters).toEqual([{ parameter: 'attachment', message: expect.stringContaining('unexpected part') }]);
    // The refused part is removed after the answer is sent: wait for it (a loaded machine takes longer than 50 ms).
    await expect.poll(onDisk, { timeout: 5000 }).toEqual(before);
  });

  it('answers a truncated multipart body with 400 naming the part, and keeps nothing', async () => {
    const before = await onDisk();
    const cut = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\nhalf of a fi`;
    const res = await upload(cut);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_REQUEST', invalidParameters: [{ parameter: 'file' }] });
    const noClose = await upload(streamedBody([{ field: 'file', name: 'a.bin', size: 300_000 }], { close: false }));
    expect(noClose.statusCode, noClose.body).toBe(400);
    expect(noClose.json().code).toBe('MALFORMED_REQUEST');
    // The refused part is removed after the answer is sent: wait for it (a loaded machine takes longer than 50 ms).
    await expect.poll(onDisk, { timeout: 5000 }).toEqual(before);
  });

  it('refuses a file over the limit with 413 naming the field and removes what was written of it', async () => {
    const before = await onDisk();
    const res = await upload(streamedBody([{ field: 'file', name: 'huge.bin', size: 20 * 1024 * 1024 + 1 }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', invalidParameters: [{ parameter: 'file' }] });
    // The refused part is removed after the answer is sent: wait for it (a loaded machine takes longer than 50 ms).
    await expect.poll(onDisk, { timeout: 5000 }).toEqual(before);
  });

  it('replays an upload under the same Idempotency-Key without keeping a second copy', async () => {
    const form = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="once.txt"\r\nContent-Type: text/plain\r\n\r\nonce\r\n--${BOUNDARY}--\r\n`;
    const first = await upload(form, { 'idempotency-key': 'upload-once' });
    expect(first.statusCode).toBe(201);
    const stored = await onDisk();
    const again = await upload(form, { 'idempotency-key': 'upload-once' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The replay's own copy is removed after the stored answer is sent: wait for it rather than a fixed 50 ms.
    await expect.poll(onDisk, { timeout: 5000 }).toEqual(stored);
    const changed = form.replace('once\r\n', 'twice\r\n');
    expect((await upload(changed, { 'idempotency-key': 'upload-once' })).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('moves content kept in the database by an earlier version to disk, and serves it from there', async () => {
    const id = uuidv7();
    await s.services.db.insert(files).values({
      id,
      name: `${id}.txt`,
      originalName: 'legacy.txt',
      category: 'LEGACY',
      mime: 'text/plain',
      size: 6,
      content: Buffer.from('legacy'),
      ownerOrgId: null,
      isCommon: true,
    });
    expect(await moveFileContentToDisk(s.services.db, s.services.files)).toBe(1);
    const [row] = await s.services.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ content: null, size: 6, sha256: createHash('sha256').update('legacy').digest('hex') });
    expect(await readFile(join(filesDir, row?.storageKey ?? ''), 'utf8')).toBe('legacy');
    const common = await s.get('/c/api/v1/public/file/download/legacy.txt', globex);
    expect(common.statusCode).toBe(200);
    expect(common.body).toBe('legacy');
    expect(await moveFileContentToDisk(s.services.db, s.services.files)).toBe(0);
  });

  it('keeps memory flat while three uploads of 5 x 20 MB parts run at once', async () => {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 100));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const fiveParts = Array.from({ length: 5 }, (_, i) => ({ field: 'file', name: `part-${i}.bin`, size: 20 * MB }));
    const [many, ...single] = await Promise.all([
      ...[1, 2, 3].map(() => upload(streamedBody(fiveParts))),
      ...[1, 2, 3].map(() => upload(streamedBody(fiveParts.slice(0, 1)))),
    ]).finally(() => clearInterval(sampler));
    peak = Math.max(peak, process.memoryUsage().rss);
    // Parts past the first are refused, not read; a single 20 MB part is stored.
    expect(many?.statusCode).toBe(400);
    expect(many?.json().invalidParameters[0].parameter).toBe('file');
    expect(single.slice(2).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const growthMb = (peak - idle) / 1024 / 1024;
    expect(growthMb).toBeLessThan(150);
  });
});

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob, type ReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { v4 as uuidv4 } from 'uuid';

/** What the database keeps of a stored file's content. */
export interface StoredContent {
  /** A UUID: the file's name in the files folder. */
  key: string;
  size: number;
  /** Hex sha256 of the content, computed while it was written. */
  sha256: string;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * File content on disk, one file per upload named by a UUID, written through a stream so an upload is
 * never held in memory; the database keeps only metadata (key, size, hash).
 */
export class FileStorage {
  constructor(readonly dir: string) {}

  /** The on-disk path of a key; a key is always a UUID, so it can never leave the folder. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a file storage key: ${key}`);
    return join(this.dir, key);
  }

  /**
   * Streams `source` to a new file, hashing as it goes. A failed write leaves no file behind. `key` is the new
   * file's, when the caller must know it before the write ends (to remove what a crash left of it).
   */
  async write(source: Readable | Buffer, key: string = uuidv4()): Promise<StoredContent> {
    await mkdir(this.dir, { recursive: true });
    const path = this.pathOf(key);
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const file = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, measure, file);
    } catch (error) {
      // A source that fails at once can fail the pipeline before the file is even opened; the file is
      // created when its open completes. Removing it only after it closed leaves nothing behind.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await this.remove(key);
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  /** The content as a Blob backed by the file (read lazily, never loaded whole). */
  async blob(key: string, type: string): Promise<Blob> {
    const blob = await openAsBlob(this.pathOf(key));
    return blob.slice(0, blob.size, type);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * A multipart file part already streamed to storage. It is a File (so the contract's schema applies
 * and its content can still be read, from disk), and carries where it is stored and its hash. Unless
 * the call keeps it (the file is then referenced from the database), it is removed after the answer.
 */
export class UploadedFile extends File {
  kept = false;

  constructor(
    content: Blob,
    name: string,
    type: string,
    readonly stored: StoredContent,
  ) {
    super([content], name, { type });
  }

  /** The call references this content from the database: it outlives the request. */
  keep(): void {
    this.kept = true;
  }
}

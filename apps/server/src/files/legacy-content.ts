import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files } from '../db/schema.ts';
import type { FileStorage } from '../lib/file-storage.ts';

/**
 * Moves content stored in the database (before files moved to disk) into the files folder, one row
 * at a time so memory holds one file at most. Runs at start; a row already moved is left alone, so a
 * start interrupted halfway resumes where it stopped.
 */
export async function moveFileContentToDisk(db: Db, storage: FileStorage): Promise<number> {
  const pending = await db.select({ id: files.id }).from(files).where(isNull(files.storageKey));
  let moved = 0;
  for (const { id } of pending) {
    const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, id));
    if (!row?.content) continue;
    const stored = await storage.write(Buffer.from(row.content));
    const updated = await db
      .update(files)
      .set({ storageKey: stored.key, sha256: stored.sha256, size: stored.size, content: null })
      .where(and(eq(files.id, id), isNull(files.storageKey)))
      .returning({ id: files.id });
    if (updated.length === 0) await storage.remove(stored.key);
    else moved += 1;
  }
  return moved;
}

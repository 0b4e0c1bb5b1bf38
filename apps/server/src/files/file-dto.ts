import type { StoredFile } from '@corridor/api';
import type { files } from '../db/schema.ts';
import { extensionOf } from '../lib/file-names.ts';

export type FileRow = Omit<typeof files.$inferSelect, 'content'>;

export function storedFileOf(row: FileRow, uploadedBy: string): StoredFile {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    name: row.originalName,
    filename: row.name,
    documentType: row.category ?? 'OTHER',
    category: row.category ?? 'OTHER',
    for: row.forEntity,
    fileExtension: extensionOf(row.originalName),
    contentType: row.mime,
    size: row.size,
    uploadedBy,
    lastUpdated: at,
    url: `/files/${encodeURIComponent(row.name)}`,
    createdAt: at,
  };
}

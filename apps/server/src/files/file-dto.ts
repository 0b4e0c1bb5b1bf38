import type { StoredFile } from '@corridor/api';
import type { files } from '../db/schema.ts';

export type FileRow = Omit<typeof files.$inferSelect, 'content'>;

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}

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

/** `attachment` with the original name, ASCII fallback plus RFC 5987 for the rest. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

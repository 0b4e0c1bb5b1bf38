import { z } from 'zod';
import { defineArea } from '../define.ts';
import { audit, binary, isoDateTime, pageOf, paging, pathParams, queryDate, queryInt } from '../schemas/common.ts';

/** Document (shell, section 3): id, name, documentType, fileExtension, uploadedBy, lastUpdated, url. */
export const storedFile = z.object({
  id: z.string(),
  name: z.string(),
  filename: z.string(),
  documentType: z.string(),
  category: z.string(),
  for: z.string().nullable(),
  fileExtension: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  lastUpdated: isoDateTime,
  url: z.string(),
  ...audit,
});
export type StoredFile = z.infer<typeof storedFile>;

/** A signed, time-limited link to a file (`/public/files/{filename}?token&user&ttl`). */
export const fileLink = z.object({ url: z.string(), expiresAt: isoDateTime });

const fileName = pathParams('filename');

export const files = defineArea('files', {
  url: {
    method: 'GET',
    path: '/files/{filename}/url',
    root: 'documents',
    summary: 'A signed public link to the file, valid for a limited time.',
    pathParams: fileName,
    query: z.object({ ttl: queryInt.min(1).max(604800).optional() }),
    response: fileLink,
  },
  download: {
    method: 'GET',
    path: '/files/{filename}',
    root: 'documents',
    responseType: 'binary',
    summary: 'The file content.',
    pathParams: fileName,
    response: binary,
  },
  list: {
    method: 'GET',
    path: '/files',
    root: 'documents',
    summary: "Files of the caller's organisation.",
    query: z.object({
      category: z.string().optional(),
      for: z.string().optional(),
      name: z.string().optional(),
      uploadedFromDate: queryDate.optional(),
      uploadedToDate: queryDate.optional(),
      ...paging,
    }),
    response: pageOf(storedFile),
  },
  upload: {
    method: 'POST',
    path: '/files',
    root: 'documents',
    bodyType: 'multipart',
    creates: true,
    status: 201,
    summary: 'Uploads a file (multipart field `file`) under a category, for an entity.',
    query: z.object({ category: z.string().min(1, 'category is required'), for: z.string().optional() }),
    body: z.object({ file: z.instanceof(Blob, { message: 'file is required' }) }),
    response: storedFile,
  },
  publicDownload: {
    method: 'GET',
    path: '/public/files/{filename}',
    root: 'documents',
    responseType: 'binary',
    summary: 'File content through a signed link; no session needed.',
    pathParams: fileName,
    query: z.object({ token: z.string().min(1), user: z.string().min(1), ttl: z.string().min(1) }),
    response: binary,
  },
  commonDownload: {
    method: 'GET',
    path: '/c/api/v1/public/file/download/{fileName}',
    root: 'documents',
    responseType: 'binary',
    summary: 'Downloads a common file (templates, guides) by name and type.',
    pathParams: pathParams('fileName'),
    query: z.object({ type: z.string().optional() }),
    response: binary,
  },
});

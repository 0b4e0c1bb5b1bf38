import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging } from '../schemas/common.ts';

const errorCode = z.object({
  code: z.string(),
  httpStatus: z.number().int(),
  message: z.string(),
  description: z.string().nullable().optional(),
});

const cacheInfo = z.object({
  name: z.string(),
  size: z.number().int(),
  hits: z.number().int(),
  misses: z.number().int(),
});
const cacheEntry = z.object({
  key: z.string(),
  value: z.unknown(),
  storedAt: z.string(),
});

export const internal = defineArea('internal', {
  errors: {
    method: 'GET',
    path: '/v1/internal/errors',
    root: 'merchant',
    summary: 'The error codes the backend can answer.',
    query: z.object({ ...paging }),
    response: pageOf(errorCode),
  },
  cacheGet: {
    method: 'GET',
    path: '/v1/internal/cache/get',
    root: 'referenceData',
    summary: 'Named caches whose name contains cacheNameLike.',
    query: z.object({ cacheNameLike: z.string().optional() }),
    response: z.array(cacheInfo),
  },
  cacheEntries: {
    method: 'GET',
    path: '/v1/internal/cache/entries',
    root: 'referenceData',
    summary: 'Entries of one named cache.',
    query: z.object({ cacheName: z.string().min(1, 'cacheName is required') }),
    response: z.object({ name: z.string(), entries: z.array(cacheEntry) }),
  },
  cacheClear: {
    method: 'GET',
    path: '/v1/internal/cache/clear',
    root: 'referenceData',
    summary: 'Clears the named caches whose name contains cacheNameLike (all when absent).',
    query: z.object({ cacheNameLike: z.string().optional() }),
    response: z.object({ cleared: z.array(z.string()) }),
  },
});

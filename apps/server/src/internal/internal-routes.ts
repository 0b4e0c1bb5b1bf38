import { AppError, errorCatalogue } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { pageOfRows } from '../http/paging.ts';

export function registerInternalRoutes(r: CallRegistrar): void {
  r.serve('internal.errors', async ({ query }) => {
    const rows = errorCatalogue().map((e) => ({ code: e.code, httpStatus: e.status, message: e.message }));
    return pageOfRows(rows, query, ['code', 'httpStatus', 'message']);
  });

  r.serve('internal.cacheGet', async ({ query, services }) => services.cache.info(query.cacheNameLike));

  r.serve('internal.cacheEntries', async ({ query, services }) => {
    const entries = services.cache.entries(query.cacheName);
    if (entries === null) throw new AppError('NOT_FOUND', `No cache named ${query.cacheName}`);
    return { name: query.cacheName, entries };
  });

  r.serve('internal.cacheClear', async ({ query, services }) => ({ cleared: services.cache.clear(query.cacheNameLike) }));
}

export { cacheKey } from './cache-key.ts';
export { CachedAge, type CachedAgeProps } from './cached-age.tsx';
export {
  clearLocalData,
  localDbFor,
  localDbName,
  readCached,
  writeCached,
  LOCAL_STORES,
  type CachedRow,
  type LocalStore,
} from './local-db.ts';
export { requestPersistentStorage } from './persist-storage.ts';
export { useLocalFirst, type DerivedEntry, type LocalFirstOptions, type LocalFirstState } from './use-local-first.ts';

let asked: Promise<boolean> | null = null;

/**
 * Asks the browser once per page load to keep our storage under pressure: without it the cached
 * wallets an offline user relies on may be evicted. A refusal is fine, the cache still works.
 */
export function requestPersistentStorage(): Promise<boolean> {
  if (asked) return asked;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage || typeof storage.persist !== 'function') {
    asked = Promise.resolve(false);
    return asked;
  }
  asked = (async () => {
    try {
      if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return asked;
}

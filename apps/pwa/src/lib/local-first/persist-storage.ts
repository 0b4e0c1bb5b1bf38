let asked: Promise<boolean> | null = null;

/**
 * Asks the browser once per page load to keep our storage under pressure: without it the cached
 * wallets and the unsent payments an offline user relies on may be evicted. A refusal is fine, the
 * cache still works; the sync health panel says which it is.
 */
function requestPersistentStorage(): Promise<boolean> {
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

/** What the page needs to know about being installed; the browser's `window` in the portal. */
interface InstallSignals {
  matchMedia: (query: string) => { matches: boolean };
  addEventListener: (type: 'appinstalled', listener: () => void) => void;
  removeEventListener: (type: 'appinstalled', listener: () => void) => void;
}

/**
 * Asks for persistent storage once the portal is installed (opened as an app, or the moment the user
 * installs it), not on a first visit in a tab: some browsers prompt for it, and an installed app is the
 * clear sign that the user means to keep working here, offline too. Returns the listener's removal.
 */
export function persistOnceInstalled(signals: InstallSignals = window, ask: () => Promise<boolean> = requestPersistentStorage): () => void {
  const installed = ['standalone', 'window-controls-overlay', 'minimal-ui', 'fullscreen'].some((mode) => signals.matchMedia(`(display-mode: ${mode})`).matches);
  if (installed) {
    void ask();
    return () => {};
  }
  const onInstalled = () => void ask();
  signals.addEventListener('appinstalled', onInstalled);
  return () => signals.removeEventListener('appinstalled', onInstalled);
}

/** Whether the browser has promised to keep our storage (false where it cannot say). */
export async function storagePersisted(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  try {
    return typeof storage?.persisted === 'function' ? await storage.persisted() : false;
  } catch {
    return false;
  }
}

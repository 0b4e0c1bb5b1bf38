import { restoreTableState, saveTableState, type SavedTableState, type TablePageConfig } from '@corridor/domain';

/**
 * Saved page config of the one table the user last worked with (spec 1, sections 3 and 4):
 * "only one table's state kept, expires after 24 hours, cleared on page unload".
 *
 * It lives in sessionStorage under a single key, so saving another table's state replaces the
 * previous one by construction. The 24 h rule and the key match come from the domain
 * (`saveTableState` / `restoreTableState`); this module only reads and writes the storage.
 * @internal
 */
export const TABLE_STATE_STORAGE_KEY = 'corridor_table_state';

/** The part of Storage used here (sessionStorage in the portal, a fake in tests). */
export type TableStateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPageConfig(value: unknown): value is TablePageConfig {
  if (!isRecord(value)) return false;
  return (
    typeof value.page === 'number' &&
    typeof value.pageSize === 'number' &&
    typeof value.total === 'number' &&
    Array.isArray(value.sort) &&
    value.sort.every((s) => typeof s === 'string') &&
    Array.isArray(value.filters) &&
    value.filters.every((f) => isRecord(f) && typeof f.key === 'string') &&
    typeof value.serverSidePagination === 'boolean' &&
    (value.tableCategory === undefined || typeof value.tableCategory === 'string')
  );
}

/**
 * Parses what storage holds; anything malformed (older format, hand edits) counts as nothing saved.
 * @internal
 */
export function parseSavedTableState(raw: string | null): SavedTableState | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.key !== 'string' || typeof value.savedAtMs !== 'number') return null;
  if (!isPageConfig(value.pageConfig)) return null;
  return { key: value.key, savedAtMs: value.savedAtMs, pageConfig: value.pageConfig };
}

/** Stores the page config of `tableKey`, dropping whichever table was saved before. */
export function writeTableState(storage: TableStateStorage, tableKey: string, pageConfig: TablePageConfig, now: Date = new Date()): void {
  storage.setItem(TABLE_STATE_STORAGE_KEY, JSON.stringify(saveTableState(tableKey, pageConfig, now)));
}

/**
 * The saved page config of `tableKey`, or null when another table was saved last, nothing is
 * saved, or it is 24 h old or more. An expired entry is removed so it cannot come back.
 */
function readTableState(storage: TableStateStorage, tableKey: string, now: Date = new Date()): TablePageConfig | null {
  const saved = parseSavedTableState(storage.getItem(TABLE_STATE_STORAGE_KEY));
  if (saved === null) return null;
  const restored = restoreTableState(saved, tableKey, now);
  if (restored === null && restoreTableState(saved, saved.key, now) === null) {
    storage.removeItem(TABLE_STATE_STORAGE_KEY);
  }
  return restored;
}

function clearTableState(storage: TableStateStorage): void {
  storage.removeItem(TABLE_STATE_STORAGE_KEY);
}

/**
 * Clears the saved state when the page unloads (spec 4). `pagehide` is used rather than
 * `beforeunload` because it also fires on mobile browsers and does not block the back-forward cache.
 * Returns the function that removes the listener.
 */
export function clearTableStateOnUnload(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, storage: TableStateStorage): () => void {
  const onUnload = () => clearTableState(storage);
  target.addEventListener('pagehide', onUnload);
  return () => target.removeEventListener('pagehide', onUnload);
}

/** sessionStorage when the browser has it (not in private modes that throw on access). */
export function browserTableStateStorage(): TableStateStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The saved page config of `tableKey` in this browser's storage, or null (none, or no storage to read). */
export function savedTableConfig(tableKey: string): TablePageConfig | null {
  const storage = browserTableStateStorage();
  return storage === null ? null : readTableState(storage, tableKey);
}

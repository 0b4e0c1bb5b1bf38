import { clearTableStateOnUnload, type TableStateStorage } from '@/lib/table-state.ts';

let installed = false;

/**
 * Spec 4: the saved table state is "cleared on page unload". Installed once for the page, the
 * first time a table saves its state, and left in place when the table unmounts: the state must
 * outlive the table (that is what restores it) but not the page.
 */
export function ensureTableStateClearedOnUnload(storage: TableStateStorage): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  clearTableStateOnUnload(window, storage);
}

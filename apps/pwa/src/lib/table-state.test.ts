import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_STATE_TTL_MS, type TablePageConfig } from '@corridor/domain';
import { TABLE_STATE_STORAGE_KEY, clearTableStateOnUnload, parseSavedTableState, savedTableConfig, writeTableState } from './table-state.ts';

function config(overrides: Partial<TablePageConfig> = {}): TablePageConfig {
  return {
    page: 3,
    pageSize: 20,
    total: 57,
    sort: ['createdAt,DESC,ignorecase'],
    filters: [{ key: 'statuses', value: ['APPROVED'] }],
    serverSidePagination: true,
    ...overrides,
  };
}

describe('saved table state (spec 1 sections 3, 4 and 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores the page config of the same table key', () => {
    writeTableState(sessionStorage, 'sp-transfers', config({ tableCategory: 'currencygrouping' }));
    expect(savedTableConfig('sp-transfers')).toEqual(config({ tableCategory: 'currencygrouping' }));
  });

  it('is still there 1 ms before 24 hours and gone (and removed) at 24 hours', () => {
    writeTableState(sessionStorage, 'sp-transfers', config());
    vi.advanceTimersByTime(TABLE_STATE_TTL_MS - 1);
    expect(savedTableConfig('sp-transfers')?.page).toBe(3);
    vi.advanceTimersByTime(1);
    expect(savedTableConfig('sp-transfers')).toBeNull();
    expect(sessionStorage.getItem(TABLE_STATE_STORAGE_KEY)).toBeNull();
  });

  it("keeps only one table's state: saving another table forgets the first", () => {
    writeTableState(sessionStorage, 'merchant-payments', config({ page: 2 }));
    writeTableState(sessionStorage, 'merchant-top-ups', config({ page: 5 }));
    expect(savedTableConfig('merchant-payments')).toBeNull();
    expect(savedTableConfig('merchant-top-ups')?.page).toBe(5);
  });

  it("reading another table's key leaves a fresh saved state in place", () => {
    writeTableState(sessionStorage, 'merchant-payments', config());
    expect(savedTableConfig('wallets')).toBeNull();
    expect(savedTableConfig('merchant-payments')).not.toBeNull();
  });

  it("reads this browser's own storage for a table that restores itself (the screen's hook and the sign-in's work ahead)", () => {
    writeTableState(sessionStorage, 'sp-wallet-list', config({ page: 4 }));
    expect(savedTableConfig('sp-wallet-list')?.page).toBe(4);
    expect(savedTableConfig('wallets')).toBeNull();
    vi.stubGlobal('sessionStorage', undefined);
    try {
      expect(savedTableConfig('sp-wallet-list')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('saving again renews the 24 hours', () => {
    writeTableState(sessionStorage, 'wallets', config({ page: 1 }));
    vi.advanceTimersByTime(TABLE_STATE_TTL_MS - 1000);
    writeTableState(sessionStorage, 'wallets', config({ page: 2 }));
    vi.advanceTimersByTime(2000);
    expect(savedTableConfig('wallets')?.page).toBe(2);
  });

  it('treats malformed storage as nothing saved', () => {
    expect(parseSavedTableState('{not json')).toBeNull();
    expect(parseSavedTableState(JSON.stringify({ key: 'a', savedAtMs: 1, pageConfig: { page: '1' } }))).toBeNull();
    sessionStorage.setItem(TABLE_STATE_STORAGE_KEY, '[]');
    expect(savedTableConfig('a')).toBeNull();
  });

  it('is cleared on page unload (pagehide), and the listener can be removed', () => {
    const target = new EventTarget();
    const remove = clearTableStateOnUnload(target as unknown as Window, sessionStorage);
    writeTableState(sessionStorage, 'wallets', config());
    target.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(TABLE_STATE_STORAGE_KEY)).toBeNull();

    remove();
    writeTableState(sessionStorage, 'wallets', config());
    target.dispatchEvent(new Event('pagehide'));
    expect(savedTableConfig('wallets')).not.toBeNull();
  });
});

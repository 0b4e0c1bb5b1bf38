import { describe, expect, it, vi } from 'vitest';
import { EARLY_FETCH_MAX_AGE_MS, fetchEarly, takeEarly } from './early-fetch.ts';

describe('answers started early', () => {
  it('are taken once, by the same user and key', async () => {
    const fetch = vi.fn(() => Promise.resolve('wallets'));
    fetchEarly('u-1', 'list', fetch, 1_000);
    expect(takeEarly('u-2', 'list', 1_001)).toBeUndefined();
    await expect(takeEarly('u-1', 'list', 1_001)).resolves.toBe('wallets');
    expect(takeEarly('u-1', 'list', 1_002)).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are started once while fresh, and not taken once too old', () => {
    const fetch = vi.fn(() => Promise.resolve('wallets'));
    fetchEarly('u-1', 'aged', fetch, 0);
    fetchEarly('u-1', 'aged', fetch, EARLY_FETCH_MAX_AGE_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeEarly('u-1', 'aged', EARLY_FETCH_MAX_AGE_MS)).toBeUndefined();
  });

  it('keep a failure for the screen that takes them, without an unhandled rejection', async () => {
    fetchEarly('u-1', 'down', () => Promise.reject(new Error('no answer')), 0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly('u-1', 'down', 1)).rejects.toThrow('no answer');
  });
});

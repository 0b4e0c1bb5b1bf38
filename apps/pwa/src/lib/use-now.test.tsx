import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now.ts';

const START = Date.parse('2026-11-23T10:00:00.000Z');

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the time now, renewed once per interval and not between', async () => {
    const { result } = renderHook(() => useNow(15_000));
    expect(result.current).toBe(START);
    await act(() => vi.advanceTimersByTimeAsync(14_999));
    expect(result.current).toBe(START);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(START + 15_000);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(result.current).toBe(START + 30_000);
  });

  it('is read afresh when the data it ages changes, and the interval counts from there', async () => {
    const { result, rerender } = renderHook(({ since }) => useNow(15_000, since), { initialProps: { since: 1 } });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current).toBe(START);
    rerender({ since: 2 });
    expect(result.current).toBe(START + 10_000);
    await act(() => vi.advanceTimersByTimeAsync(14_999));
    expect(result.current).toBe(START + 10_000);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(START + 25_000);
  });

  it('stands still without an interval, and stops renewing once unmounted', async () => {
    const { result } = renderHook(() => useNow(null));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(result.current).toBe(START);
    const ticking = renderHook(() => useNow(1_000));
    ticking.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_DELAYS } from '@corridor/state-machines';
import { fakeSession } from '@/test/fake-session.ts';
import { useActivityTracking } from './activity-tracking.ts';

describe('activity tracking (spec 1, section 4.4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mouse move and key press restart the hour of inactivity', async () => {
    vi.useFakeTimers();
    const { session } = fakeSession({ token: 'jwt' });
    session.start();
    await act(() => vi.advanceTimersByTimeAsync(0));
    renderHook(() => useActivityTracking(session));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000));
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
    });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown'));
    });
    await act(() => vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000));
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(session.getSnapshot().matches('loggingOut')).toBe(true);
  });
});

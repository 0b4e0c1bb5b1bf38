import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADER_HIDE_DELAY_MS } from '@corridor/domain';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { SessionLoader } from './session-loader.tsx';

describe('session loader (spec 1, section 2 "Root")', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers the screen while the current user loads, then hides after 500 ms', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const { session } = fakeSession({ token: 'jwt', userGate: new Promise<void>((r) => (release = r)) });
    session.start();
    render(
      <SessionProvider session={session}>
        <SessionLoader />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session-loader').textContent).toContain('Loading your session');
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
    expect(screen.queryByTestId('session-loader')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADER_HIDE_DELAY_MS);
    });
    expect(screen.queryByTestId('session-loader')).toBeNull();
  });
});

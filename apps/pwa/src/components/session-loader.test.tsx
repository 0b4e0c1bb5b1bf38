import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADER_HIDE_DELAY_MS } from '@corridor/domain';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession, merchantUser } from '@/test/fake-session.ts';
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

  it('on the login page with no user stored, leaves the form uncovered while the start asks for a token', async () => {
    let release: () => void = () => {};
    const { session } = fakeSession({ refreshGate: new Promise<void>((r) => (release = r)) });
    session.start();
    render(
      <SessionProvider session={session}>
        <SessionLoader onLoginPage />
      </SessionProvider>,
    );
    expect(session.getSnapshot().matches('initializing')).toBe(true);
    expect(screen.queryByTestId('session-loader')).toBeNull();
    await act(async () => {
      release();
    });
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(screen.queryByTestId('session-loader')).toBeNull();
  });

  it('covers the start elsewhere, or when a user is stored, and goes at once when the start finds no session', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const { session } = fakeSession({ storedUser: merchantUser, refreshGate: new Promise<void>((r) => (release = r)) });
    session.start();
    render(
      <SessionProvider session={session}>
        <SessionLoader onLoginPage />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session-loader')).toBeTruthy();
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    // No user loaded, so nothing to hide behind the loader's 500 ms fade.
    expect(screen.queryByTestId('session-loader')).toBeNull();
  });

  it('covers a start away from the login page even with no user stored', () => {
    const { session } = fakeSession({ refreshGate: new Promise<void>(() => {}) });
    session.start();
    render(
      <SessionProvider session={session}>
        <SessionLoader onLoginPage={false} />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session-loader')).toBeTruthy();
  });
});
